import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { DEVICE_LIST } from '@contract/device-list'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { MarketScopeSearchSchema } from '@contract/scope'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { DeviceListPage } from '@/features/devices/device-list-page'
import { useMarketOptions } from '@/features/markets/use-market-options'
import { merchantListQuery } from '@/features/merchants/queries'
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

/** The merchant list's search, as the bind form's merchant choices: active merchants of the market, by stall. */
function useMerchantOptions(text: string, market: string | null): ComboboxOptions {
  const query = useQuery({
    ...merchantListQuery({
      page: 1,
      pageSize: 20,
      sort: 'stallNo',
      order: 'asc',
      q: text || undefined,
      category: undefined,
      status: 'active',
      market,
    }),
    enabled: market !== null,
    meta: { handlesErrors: true },
  })
  return {
    options: query.data?.list.map((merchant) => ({
      value: merchant.id,
      label: `${merchant.stallNo} · ${merchant.name}`,
    })),
    pending: market !== null && query.isPending,
    failed: query.isError,
  }
}

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
