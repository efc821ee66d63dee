import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { TRANSACTION_LIST, TransactionSearchSchema } from '@contract/transactions-list'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { TransactionListPage } from '@/features/transactions/transaction-list-page'
import { useMarketScope } from '@/lib/market-scope'

export const Route = createFileRoute('/_console/transaction/')({
  staticData: { name: 'Transactions', roles: PAGE_ROLES.Transactions },
  // The list's search, the switcher's market, the days, the filters and the cursor.
  validateSearch: TransactionSearchSchema,
  search: { middlewares: [stripSearchParams(TRANSACTION_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { transactionListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/transactions/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, transactionListQuery)
  },
  component: Transactions,
})

function Transactions(): ReactNode {
  const { market: _urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return <TransactionListPage search={search} market={market} onSearchChange={onSearchChange} />
}
