import { useCallback, type ReactNode } from 'react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { marketListQuery } from '@/features/markets/api'
import { MarketListPage } from '@/features/markets/market-list-page'
import { MARKET_LIST } from '@contract/market-list'
import type { ListSearchOf } from '@contract/list'

export const Route = createFileRoute('/_console/market/')({
  staticData: { name: 'MarketManage', roles: [Role.OFFICIAL] },
  validateSearch: MARKET_LIST.search,
  search: { middlewares: [stripSearchParams(MARKET_LIST.defaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(marketListQuery(deps)),
  component: MarketManage,
})

function MarketManage(): ReactNode {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Filters replace the history entry: the tab keeps one entry per page, not one per keystroke.
  const onSearchChange = useCallback(
    (next: Partial<ListSearchOf<typeof MARKET_LIST>>) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }),
    [navigate],
  )
  return <MarketListPage search={search} onSearchChange={onSearchChange} />
}
