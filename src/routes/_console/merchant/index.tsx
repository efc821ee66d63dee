import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/merchant/')({
  staticData: { name: 'MerchantManage', roles: [Role.OFFICIAL, Role.MARKET] },
  component: () => <PlaceholderPage name="MerchantManage" />,
})
