import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { AUDIT_LIST, AuditSearchSchema } from '@contract/audit-list'
import { PAGE_ROLES } from '@contract/pages'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { AuditListPage } from '@/features/audit/audit-list-page'
import { useMarketScope } from '@/lib/market-scope'

export const Route = createFileRoute('/_console/audit/')({
  staticData: { name: 'OperationLog', roles: PAGE_ROLES.OperationLog },
  // The list's search, the switcher's market, the days, and one account or record.
  validateSearch: AuditSearchSchema,
  search: { middlewares: [stripSearchParams(AUDIT_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { auditListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/audit/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, auditListQuery)
  },
  component: OperationLog,
})

function OperationLog(): ReactNode {
  const { market: _urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return <AuditListPage search={search} market={market} onSearchChange={onSearchChange} />
}
