import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { mayOpen, PAGE_ROLES } from '@contract/pages'
import { MarketDetailPage } from '@/features/markets/market-detail-page'

/** A market's page by id (`/market/register` and the list keep their own routes: static paths win). */
export const Route = createFileRoute('/_console/market/$marketId')({
  staticData: { name: 'MarketDetail', roles: PAGE_ROLES.MarketDetail },
  // Starts the read and returns: the page shows loading, not-found and failure itself, inside the shell.
  loader: async ({ context, params }) => {
    const { marketPageQuery } = await import('@/features/markets/queries')
    void context.queryClient.prefetchQuery(marketPageQuery(params.marketId))
  },
  component: MarketDetail,
})

function MarketDetail(): ReactNode {
  const { marketId } = Route.useParams()
  const role = Route.useRouteContext({ select: (context) => context.user.role })
  return <MarketDetailPage key={marketId} id={marketId} mayEdit={mayOpen('MarketRegister', role)} />
}
