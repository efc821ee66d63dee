import type { ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MarketListPage } from '@/features/markets/market-list-page'
import { MARKET_LIST } from '@contract/market-list'
import { useListNavigation } from '@/components/data-table/use-list-navigation'

export const Route = createFileRoute('/_console/market/')({
  staticData: { name: 'MarketManage', roles: PAGE_ROLES.MarketManage },
  validateSearch: MARKET_LIST.search,
  search: { middlewares: [stripSearchParams(MARKET_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  // A list never waits for its rows: the page and its toolbar show at once, and the table says what
  // is happening where the rows go (loading, stale, failed). Awaiting here would swap the page for the
  // pending skeleton, or the error page, on every search that is slow or fails.
  // The queries module loads on demand, so the first page's entry chunk does not carry it.
  loader: async ({ context, deps }) => {
    const { marketListQuery } = await import('@/features/markets/queries')
    void context.queryClient.prefetchQuery(marketListQuery(deps))
  },
  component: MarketManage,
})

function MarketManage(): ReactNode {
  const search = Route.useSearch()
  const onSearchChange = useListNavigation(Route.useNavigate())
  return <MarketListPage search={search} onSearchChange={onSearchChange} />
}
