import type { ReactNode } from 'react'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MarketScopeSearchSchema } from '@contract/scope'
import { useMarketOptions } from '@/features/markets/use-market-options'
import { MerchantRegisterPage } from '@/features/merchants/merchant-register-page'
import { useLeaveForm } from '@/lib/leave-form'

export const Route = createFileRoute('/_console/merchant/register')({
  staticData: { name: 'MerchantRegister', roles: PAGE_ROLES.MerchantRegister },
  validateSearch: MarketScopeSearchSchema,
  component: MerchantRegister,
})

function MerchantRegister(): ReactNode {
  const { user } = Route.useRouteContext()
  const { market } = Route.useSearch()
  const href = useRouterState({ select: (state) => state.location.href })
  const router = useRouter()
  const leave = useLeaveForm(router.buildLocation({ to: '/merchant', search: { market } }).href)
  return <MerchantRegisterPage role={user.role} useMarketOptions={useMarketOptions} draftKey={href} onDone={leave} />
}
