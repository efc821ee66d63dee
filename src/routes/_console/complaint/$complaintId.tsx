import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { ComplaintDetailPage } from '@/features/complaints/complaint-detail-page'

/** A complaint's page by id (`/complaint/register` keeps its own route: static paths win). */
export const Route = createFileRoute('/_console/complaint/$complaintId')({
  staticData: { name: 'ComplaintDetail', roles: PAGE_ROLES.ComplaintDetail },
  // Starts the read and returns: the page shows loading, not-found and failure itself, inside the shell.
  loader: async ({ context, params }) => {
    const { complaintPageQuery } = await import('@/features/complaints/queries')
    void context.queryClient.prefetchQuery(complaintPageQuery(params.complaintId))
  },
  component: ComplaintDetail,
})

function ComplaintDetail(): ReactNode {
  const { complaintId } = Route.useParams()
  return <ComplaintDetailPage key={complaintId} id={complaintId} />
}
