import { useCallback, type ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/access'
import { DEVICE_LIST } from '@contract/device-list'
import type { ListSearchOf } from '@contract/list'
import { MarketScopeSearchSchema } from '@contract/scope'
import { DeviceListPage } from '@/features/devices/device-list-page'
import { useMarketScope } from '@/lib/market-scope'

const DeviceManageSearchSchema = v.object({ ...DEVICE_LIST.search.entries, ...MarketScopeSearchSchema.entries })

export const Route = createFileRoute('/_console/device/')({
  staticData: { name: 'DeviceManage', roles: PAGE_ROLES.DeviceManage },
  validateSearch: DeviceManageSearchSchema,
  search: { middlewares: [stripSearchParams(DEVICE_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // the prefetch module loads on demand so the first page's entry chunk does not carry it.
  loader: async ({ context, deps }) => {
    const { prefetchDeviceList } = await import('@/features/devices/prefetch')
    prefetchDeviceList(context.queryClient, context.user, deps)
  },
  component: DeviceManage,
})

function DeviceManage(): ReactNode {
  const { market: _urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const navigate = Route.useNavigate()
  // Filters replace the history entry: the tab keeps one entry per page, not one per keystroke.
  const onSearchChange = useCallback(
    (next: Partial<ListSearchOf<typeof DEVICE_LIST>>) =>
      void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }),
    [navigate],
  )
  return <DeviceListPage search={search} market={market} onSearchChange={onSearchChange} />
}
