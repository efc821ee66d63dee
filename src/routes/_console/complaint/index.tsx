import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { COMPLAINT_LIST, ComplaintListSearchSchema } from '@contract/complaint-list'
import { PAGE_ROLES } from '@contract/pages'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { ComplaintListPage } from '@/features/complaints/complaint-list-page'
import { useMarketScope } from '@/lib/market-scope'

export const Route = createFileRoute('/_console/complaint/')({
  staticData: { name: 'ComplaintManage', roles: PAGE_ROLES.ComplaintManage },
  // The list's search, the switcher's market, one merchant and the days received.
  validateSearch: ComplaintListSearchSchema,
  search: { middlewares: [stripSearchParams(COMPLAINT_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { complaintListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/complaints/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, complaintListQuery)
  },
  component: ComplaintManage,
})

function ComplaintManage(): ReactNode {
  const { market: urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return <ComplaintListPage search={search} market={market} urlMarket={urlMarket} onSearchChange={onSearchChange} />
}
