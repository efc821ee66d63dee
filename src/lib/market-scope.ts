import * as v from 'valibot'
import { createAtom } from '@tanstack/store'
import { useSelector } from '@tanstack/react-store'
import { useRouteContext, useRouter, useRouterState, type AnyRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { MarketScopeSearchSchema, type MarketScopeSearch } from '@contract/scope'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { persistedStore } from './persisted-store'

/** The market an OFFICIAL last chose in this browser (null: all): what a scoped page without `?market=` shows. */
export type MarketChoice = { id: string; name: string } | null

export const marketChoiceStore = persistedStore<MarketChoice>({
  key: 'market-scope',
  schema: v.nullable(v.object({ id: v.pipe(v.string(), v.uuid()), name: v.string() })),
  fallback: null,
  // "All markets" is no choice: the key goes rather than holding null.
  persist: (choice) => choice ?? undefined,
})

export const setMarketChoice = (choice: MarketChoice): void => marketChoiceStore.setState(() => choice)
export const useMarketChoice = (): MarketChoice => useSelector(marketChoiceStore)

type Caller = Pick<UserInfo, 'role' | 'marketId'>

/**
 * The market a scoped page shows (null: all markets). As on the server (server/lib/scope.ts), a
 * MARKET user is held to their own market whatever the URL says; an OFFICIAL sees the URL's market,
 * else the remembered choice.
 */
export function resolveMarketScope(
  caller: Caller | undefined,
  urlMarket: string | undefined,
  choice: MarketChoice,
): string | null {
  if (caller?.role !== Role.OFFICIAL) return caller?.marketId ?? null
  return urlMarket ?? choice?.id ?? null
}

/** Whether a route takes `?market=`: its search schema spreads MarketScopeSearchSchema's entries. */
export function isMarketScoped(route: AnyRoute | undefined): boolean {
  const schema: unknown = route?.options.validateSearch
  return (
    typeof schema === 'object' &&
    schema !== null &&
    'entries' in schema &&
    (schema.entries as Record<string, unknown>).market === MarketScopeSearchSchema.entries.market
  )
}

// The route tree's own types name every route; looked up by a runtime id or path, any route may come back.
type RouteLookup = Record<string, AnyRoute | undefined>

const useCaller = (): Caller | undefined =>
  useRouteContext({
    strict: false,
    // Outside the console layout (the sign-in page) the context has no user.
    select: (context) => (context as { user?: Caller } | undefined)?.user,
  })

/** Whether the current page is scoped, and the market its URL names. */
export function usePageMarket(): { scoped: boolean; market: string | undefined } {
  const routes = useRouter().routesById as unknown as RouteLookup
  const scopedMatch = (matches: readonly { routeId: string; search: unknown }[]) => {
    const match = matches.at(-1)
    return match && isMarketScoped(routes[match.routeId]) ? match : undefined
  }
  const scoped = useRouterState({ select: (state) => scopedMatch(state.matches) !== undefined })
  const market = useRouterState({
    select: (state) => (scopedMatch(state.matches)?.search as MarketScopeSearch | undefined)?.market,
  })
  return { scoped, market }
}

/** The market the current scoped page shows (null: all markets). */
export function useMarketScope(): string | null {
  return resolveMarketScope(useCaller(), usePageMarket().market, useMarketChoice())
}

/**
 * The search for a link to `path`: a scoped page opens in the current scope, so the URL says which
 * market it shows. Only an OFFICIAL's links carry it; a MARKET user has no choice to carry.
 */
export function useScopeLinkSearch(): (path: string) => MarketScopeSearch | undefined {
  const routes = useRouter().routesByPath as unknown as RouteLookup
  const caller = useCaller()
  const market = useMarketScope()
  return (path) => (caller?.role === Role.OFFICIAL && market && isMarketScoped(routes[path]) ? { market } : undefined)
}

/** Names of markets the switcher has seen (chosen, or looked up for a link), for pages to say which. */
const marketNamesStore = createAtom<Readonly<Record<string, string>>>({})

export function noteMarketName(id: string, name: string): void {
  if (marketNamesStore.get()[id] !== name) marketNamesStore.set((names) => ({ ...names, [id]: name }))
}

/**
 * How a page says what it shows, until its real content does: all markets, the market by name, or
 * (for an operator, whose market is implied) their own market. Never a bare id.
 */
export function useMarketScopeLabel(): string {
  const market = useMarketScope()
  const caller = useCaller()
  const name = useSelector(marketNamesStore, (names) => (market ? names[market] : undefined))
  if (!market) return m.page_scope_all()
  if (caller?.role !== Role.OFFICIAL) return m.page_scope_own()
  return m.page_scope_market({ market: name ?? m.common_loading() })
}
