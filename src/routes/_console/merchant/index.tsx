import { useCallback, type ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import type { ListSearchOf } from '@contract/list'
import { LIST_NAVIGATION } from '@/components/data-table/use-list-search'
import { MERCHANT_LIST } from '@contract/merchant-list'
import { MarketScopeSearchSchema } from '@contract/scope'
import { MerchantListPage } from '@/features/merchants/merchant-list-page'
import { useMarketScope } from '@/lib/market-scope'

const MerchantManageSearchSchema = v.object({
  ...MERCHANT_LIST.search.entries,
  ...MarketScopeSearchSchema.entries,
  /** Set when the edit page sent the user back for want of its stored key (SPEC §4). */
  redirect: v.fallback(v.optional(v.picklist(['MerchantEdit'])), undefined),
})

export const Route = createFileRoute('/_console/merchant/')({
  staticData: { name: 'MerchantManage', roles: PAGE_ROLES.MerchantManage },
  validateSearch: MerchantManageSearchSchema,
  search: { middlewares: [stripSearchParams(MERCHANT_LIST.defaults)] },
  loaderDeps: ({ search: { redirect: _redirect, ...search } }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // the prefetch module loads on demand so the first page's entry chunk does not carry it.
  loader: async ({ context, deps }) => {
    const { prefetchMerchantList } = await import('@/features/merchants/prefetch')
    prefetchMerchantList(context.queryClient, context.user, deps)
  },
  component: MerchantManage,
})

function MerchantManage(): ReactNode {
  const { redirect, market: urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: Partial<ListSearchOf<typeof MERCHANT_LIST>>) =>
      void navigate({ search: (previous) => ({ ...previous, ...next, redirect: undefined }), ...LIST_NAVIGATION }),
    [navigate],
  )
  return (
    <MerchantListPage
      search={search}
      market={market}
      urlMarket={urlMarket}
      sentBack={redirect === 'MerchantEdit'}
      onSearchChange={onSearchChange}
    />
  )
}
