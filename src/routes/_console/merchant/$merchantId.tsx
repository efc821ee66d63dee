import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MerchantDetailPage } from '@/features/merchants/merchant-detail-page'

/** A merchant's page by id (`/merchant/register` and `/merchant/edit` keep their own routes: static paths win). */
export const Route = createFileRoute('/_console/merchant/$merchantId')({
  staticData: { name: 'MerchantDetail', roles: PAGE_ROLES.MerchantDetail },
  // Starts the read and returns: the page shows loading, not-found and failure itself, inside the shell.
  loader: async ({ context, params }) => {
    const { merchantPageQuery } = await import('@/features/merchants/queries')
    void context.queryClient.prefetchQuery(merchantPageQuery(params.merchantId))
  },
  component: MerchantDetail,
})

function MerchantDetail(): ReactNode {
  const { merchantId } = Route.useParams()
  return <MerchantDetailPage key={merchantId} id={merchantId} />
}
