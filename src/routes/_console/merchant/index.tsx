import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAGE_ROLES } from '@contract/pages'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
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

type MerchantManageSearch = v.InferOutput<typeof MerchantManageSearchSchema>

/** Any step on the list drops the note that the edit page sent the user back. */
const CLEARED_ON_NAVIGATION = { redirect: undefined }

export const Route = createFileRoute('/_console/merchant/')({
  staticData: { name: 'MerchantManage', roles: PAGE_ROLES.MerchantManage },
  validateSearch: MerchantManageSearchSchema,
  search: { middlewares: [stripSearchParams(MERCHANT_LIST.defaults)] },
  loaderDeps: ({ search: { redirect: _redirect, ...search } }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { merchantListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/merchants/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, merchantListQuery)
  },
  component: MerchantManage,
})

function MerchantManage(): ReactNode {
  const { redirect, market: urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation<MerchantManageSearch>(Route.useNavigate(), CLEARED_ON_NAVIGATION)
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
