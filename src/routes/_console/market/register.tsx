import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/market/register')({
  staticData: { name: 'MarketRegister', roles: [Role.OFFICIAL] },
  component: () => <PlaceholderPage name="MarketRegister" />,
})
