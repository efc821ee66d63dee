import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { PESTICIDE_TEST_LIST, PesticideTestSearchSchema } from '@contract/pesticide-tests-list'
import { useListNavigation } from '@/components/data-table/use-list-navigation'
import { PesticideTestListPage } from '@/features/pesticide-tests/pesticide-test-list-page'
import { useMarketScope } from '@/lib/market-scope'

export const Route = createFileRoute('/_console/pesticide-test/')({
  staticData: { name: 'PesticideTests', roles: PAGE_ROLES.PesticideTests },
  // The list's search, the switcher's market, the days and the filters.
  validateSearch: PesticideTestSearchSchema,
  search: { middlewares: [stripSearchParams(PESTICIDE_TEST_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // Starts the list's request and returns (the table shows loading, stale and failed states itself);
  // both modules load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ prefetchScopedList }, { pesticideTestListQuery }] = await Promise.all([
      import('@/lib/prefetch-scoped-list'),
      import('@/features/pesticide-tests/queries'),
    ])
    prefetchScopedList(context.queryClient, context.user, deps, pesticideTestListQuery)
  },
  component: PesticideTests,
})

function PesticideTests(): ReactNode {
  const { user } = Route.useRouteContext()
  const { market: _urlMarket, ...search } = Route.useSearch()
  const market = useMarketScope()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return <PesticideTestListPage search={search} market={market} role={user.role} onSearchChange={onSearchChange} />
}
