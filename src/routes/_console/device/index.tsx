import { useCallback, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { DEVICE_LIST } from '@contract/device-list'
import type { ListSearchOf } from '@contract/list'
import { LIST_NAVIGATION } from '@/components/data-table/use-list-search'
import { MarketScopeSearchSchema } from '@contract/scope'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { DeviceListPage } from '@/features/devices/device-list-page'
import { marketOptionsQuery } from '@/features/markets/queries'
import { merchantListQuery } from '@/features/merchants/queries'
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

/** The market switcher's search, as the bind form's market choices (an OFFICIAL looking at all markets). */
function useMarketOptions(text: string): ComboboxOptions {
  const query = useQuery({ ...marketOptionsQuery(text), meta: { handlesErrors: true } })
  return {
    options: query.data?.map((market) => ({ value: market.id, label: market.name })),
    pending: query.isPending,
    failed: query.isError,
  }
}

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
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: Partial<ListSearchOf<typeof DEVICE_LIST>>) =>
      void navigate({ search: (previous) => ({ ...previous, ...next }), ...LIST_NAVIGATION }),
    [navigate],
  )
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
