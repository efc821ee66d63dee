import type { ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { TransactionDetailPage } from '@/features/transactions/transaction-detail-page'

/** A payment's or refund's page by id. */
export const Route = createFileRoute('/_console/transaction/$transactionId')({
  staticData: { name: 'TransactionDetail', roles: PAGE_ROLES.TransactionDetail },
  // Starts the read and returns: the page shows loading, not-found and failure itself, inside the shell.
  loader: async ({ context, params }) => {
    const { transactionPageQuery } = await import('@/features/transactions/queries')
    void context.queryClient.prefetchQuery(transactionPageQuery(params.transactionId))
  },
  component: TransactionDetail,
})

function TransactionDetail(): ReactNode {
  const { transactionId } = Route.useParams()
  return <TransactionDetailPage key={transactionId} id={transactionId} />
}
