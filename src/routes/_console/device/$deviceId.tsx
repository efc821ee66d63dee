import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { DeviceDetailPage } from '@/features/devices/device-detail-page'

/** A device's page by id, bound or since unbound. */
export const Route = createFileRoute('/_console/device/$deviceId')({
  staticData: { name: 'DeviceDetail', roles: PAGE_ROLES.DeviceDetail },
  // Starts the read and returns: the page shows loading, not-found and failure itself, inside the shell.
  loader: async ({ context, params }) => {
    const { devicePageQuery } = await import('@/features/devices/queries')
    void context.queryClient.prefetchQuery(devicePageQuery(params.deviceId))
  },
  component: DeviceDetail,
})

function DeviceDetail(): ReactNode {
  const { deviceId } = Route.useParams()
  return <DeviceDetailPage key={deviceId} id={deviceId} />
}
