import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { WorkplacePage } from '@/features/dashboard/workplace-page'

export const Route = createFileRoute('/_console/dashboard/workplace')({
  staticData: { name: 'Workplace', roles: [Role.OFFICIAL, Role.MARKET] },
  component: Workplace,
})

function Workplace(): ReactNode {
  const { user } = Route.useRouteContext()
  return <WorkplacePage user={user} />
}
