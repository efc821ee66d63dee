import type { ReactNode } from 'react'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MarketScopeSearchSchema } from '@contract/scope'
import { ComplaintRegisterPage } from '@/features/complaints/complaint-register-page'
import { useMarketOptions } from '@/features/markets/use-market-options'
import { useMerchantOptions } from '@/features/merchants/use-merchant-options'
import { useLeaveForm, useLeaveFormTo } from '@/lib/leave-form'

export const Route = createFileRoute('/_console/complaint/register')({
  staticData: { name: 'ComplaintRegister', roles: PAGE_ROLES.ComplaintRegister },
  validateSearch: MarketScopeSearchSchema,
  component: ComplaintRegister,
})

function ComplaintRegister(): ReactNode {
  const { user } = Route.useRouteContext()
  const { market } = Route.useSearch()
  const href = useRouterState({ select: (state) => state.location.href })
  const router = useRouter()
  const leave = useLeaveForm(router.buildLocation({ to: '/complaint', search: { market } }).href)
  const leaveTo = useLeaveFormTo()
  return (
    <ComplaintRegisterPage
      role={user.role}
      useMarketOptions={useMarketOptions}
      useMerchantOptions={useMerchantOptions}
      draftKey={href}
      onCancel={leave}
      // The new complaint's page opens in place of the form's tab.
      onRegistered={(id) =>
        leaveTo(router.buildLocation({ to: '/complaint/$complaintId', params: { complaintId: id } }).href)
      }
    />
  )
}
