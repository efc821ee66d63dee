import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/merchant/register')({
  staticData: { name: 'MerchantRegister', roles: [Role.OFFICIAL, Role.MARKET] },
  component: () => <PlaceholderPage name="MerchantRegister" />,
})
