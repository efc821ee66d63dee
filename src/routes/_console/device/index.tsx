import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { DEVICE_LIST } from '@contract/device-list'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { MarketScopeSearchSchema } from '@contract/scope'
import { DeviceListPage } from '@/features/devices/device-list-page'
import { useMarketOptions } from '@/features/markets/use-market-options'
import { useMerchantOptions } from '@/features/merchants/use-merchant-options'
import { useMarketScope } from '@/lib/market-scope'

const DeviceManageSearchSchema = v.object({ ...DEVICE_LIST.search.entries, ...MarketScopeSearchSchema.entries })

export const Route = createFileRoute('/_console/device/')({
  staticData: { name: 'DeviceManage', roles: PAGE_ROLES.DeviceManage },
  validateSearch: DeviceManageSearchSchema,
  search: { middlewares: [stripSearchParams(DEVICE_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { deviceListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/devices/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, deviceListQuery)
  },
  component: DeviceManage,
})

function DeviceManage(): ReactNode {
  const { user } = Route.useRouteContext()
  const { market: _urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return (
    <DeviceListPage
      search={search}
      market={market}
      role={user.role}
      onSearchChange={onSearchChange}
      useMarketOptions={useMarketOptions}
      useMerchantOptions={useMerchantOptions}
    />
  )
}
