import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { MarketScopeSearchSchema } from '@contract/scope'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { marketOptionsQuery } from '@/features/markets/queries'
import { MerchantRegisterPage } from '@/features/merchants/merchant-register-page'
import { useLeaveForm } from '@/lib/leave-form'

export const Route = createFileRoute('/_console/merchant/register')({
  staticData: { name: 'MerchantRegister', roles: PAGE_ROLES.MerchantRegister },
  validateSearch: MarketScopeSearchSchema,
  component: MerchantRegister,
})

/** The market switcher's search, as the form's market choices. */
function useMarketOptions(text: string): ComboboxOptions {
  const query = useQuery({ ...marketOptionsQuery(text), meta: { handlesErrors: true } })
  return {
    options: query.data?.map((market) => ({ value: market.id, label: market.name })),
    pending: query.isPending,
    failed: query.isError,
  }
}

function MerchantRegister(): ReactNode {
  const { user } = Route.useRouteContext()
  const { market } = Route.useSearch()
  const href = useRouterState({ select: (state) => state.location.href })
  const router = useRouter()
  const leave = useLeaveForm(router.buildLocation({ to: '/merchant', search: { market } }).href)
  return <MerchantRegisterPage role={user.role} useMarketOptions={useMarketOptions} draftKey={href} onDone={leave} />
}
