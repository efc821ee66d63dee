import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { SystemPage } from '@/features/system/system-page'

// No loader: the page starts its one request as it mounts (and the chart engine with it), as the
// Workplace does; a loader's code would ride in the entry chunk.
export const Route = createFileRoute('/_console/system/')({
  staticData: { name: 'System', roles: PAGE_ROLES.System },
  component: System,
})

function System(): ReactNode {
  return <SystemPage />
}
