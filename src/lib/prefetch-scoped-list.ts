import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { UserInfo } from '@contract/user'
import { marketChoiceStore, resolveMarketScope } from './market-scope'

/**
 * Starts loading the list a market-scoped page will show, for the market in scope as the page will
 * resolve it (the URL's, the remembered choice, or a MARKET user's own). `listQuery` is the area's
 * query options (e.g. merchantListQuery). Routes load this module on demand with the area's queries,
 * so none of it rides on the first page's entry chunk; it returns at once (the table shows loading,
 * stale and failed states itself).
 */
export function prefetchScopedList<Params extends { market: string | null }, Data, Key extends QueryKey>(
  queryClient: QueryClient,
  user: Pick<UserInfo, 'role' | 'marketId'> | undefined,
  search: Omit<Params, 'market'> & { market?: string | undefined },
  listQuery: (params: Params) => FetchQueryOptions<Data, Error, Data, Key> & { enabled?: unknown },
): void {
  const { market, ...list } = search
  const scope = resolveMarketScope(user, market, marketChoiceStore.state)
  // The search without its market, and the market in scope: the list's params (TypeScript cannot
  // see that an object spread with `market` put back is `Params` again).
  const query = listQuery({ ...list, market: scope } as Params)
  // A query its page would not run (a search the API refuses) is not started here either.
  if (query.enabled !== false) void queryClient.prefetchQuery(query)
}
