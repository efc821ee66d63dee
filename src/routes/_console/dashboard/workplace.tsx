import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MarketScopeSearchSchema } from '@contract/scope'
import { WorkplacePage } from '@/features/dashboard/workplace-page'

// No loader: each widget starts its own request as the page mounts (and the chart engine with them).
// A loader's code would ride in the entry chunk, which the sign-in page loads: /login must not grow.
export const Route = createFileRoute('/_console/dashboard/workplace')({
  staticData: { name: 'Workplace', roles: PAGE_ROLES.Workplace },
  validateSearch: MarketScopeSearchSchema,
  component: Workplace,
})

function Workplace(): ReactNode {
  const { user } = Route.useRouteContext()
  return <WorkplacePage user={user} />
}
