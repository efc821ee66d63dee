import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/access'
import { MarketScopeSearchSchema } from '@contract/scope'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/merchant/register')({
  staticData: { name: 'MerchantRegister', roles: PAGE_ROLES.MerchantRegister },
  validateSearch: MarketScopeSearchSchema,
  component: () => <PlaceholderPage name="MerchantRegister" />,
})
