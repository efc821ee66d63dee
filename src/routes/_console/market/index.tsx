import { useCallback, type ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { marketListQuery } from '@/features/markets/api'
import { MarketListPage } from '@/features/markets/market-list-page'
import { MARKET_SEARCH_DEFAULTS, MarketSearchSchema, type MarketSearch } from '@/features/markets/search'

export const Route = createFileRoute('/_console/market/')({
  staticData: { name: 'MarketManage', roles: [Role.OFFICIAL] },
  validateSearch: MarketSearchSchema,
  search: { middlewares: [stripSearchParams(MARKET_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(marketListQuery(deps)),
  component: MarketManage,
})

function MarketManage(): ReactNode {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Filters replace the history entry: the tab keeps one entry per page, not one per keystroke.
  const onSearchChange = useCallback(
    (next: Partial<MarketSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }),
    [navigate],
  )
  return <MarketListPage search={search} onSearchChange={onSearchChange} />
}
