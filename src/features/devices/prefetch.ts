import type { QueryClient } from '@tanstack/react-query'
import type { UserInfo } from '@contract/user'
import { marketChoiceStore, resolveMarketScope } from '@/lib/market-scope'
import { deviceListQuery, type DeviceSearch } from './queries'

/**
 * Starts loading the list the page will show (the market in scope as the page will resolve it). The
 * route loads this module on demand, so none of it rides on the first page's entry chunk.
 */
export function prefetchDeviceList(
  queryClient: QueryClient,
  user: Pick<UserInfo, 'role' | 'marketId'> | undefined,
  search: DeviceSearch & { market?: string | undefined },
): void {
  const { market, ...list } = search
  const scope = resolveMarketScope(user, market, marketChoiceStore.state)
  void queryClient.prefetchQuery(deviceListQuery({ ...list, market: scope }))
}
