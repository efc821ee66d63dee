import { createStore, useStore } from './store'

/** The market an OFFICIAL user is looking at (null: all markets); it scopes merchants, devices, dashboard. */
export type MarketScope = { id: string; name: string } | null

const STORAGE_KEY = 'market-scope'

function load(): MarketScope {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as MarketScope
    return stored && typeof stored.id === 'string' && typeof stored.name === 'string' ? { id: stored.id, name: stored.name } : null
  } catch {
    return null
  }
}

export const marketScopeStore = createStore<MarketScope>(typeof localStorage === 'undefined' ? null : load())

export function setMarketScope(scope: MarketScope): void {
  marketScopeStore.set(scope)
  if (scope) localStorage.setItem(STORAGE_KEY, JSON.stringify(scope))
  else localStorage.removeItem(STORAGE_KEY)
}

export const useMarketScope = () => useStore(marketScopeStore)
