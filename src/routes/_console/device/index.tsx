import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/access'
import { MarketScopeSearchSchema } from '@contract/scope'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/device/')({
  staticData: { name: 'DeviceManage', roles: PAGE_ROLES.DeviceManage },
  validateSearch: MarketScopeSearchSchema,
  component: () => <PlaceholderPage name="DeviceManage" />,
})
