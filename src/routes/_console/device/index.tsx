import { createFileRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/_console/device/')({
  staticData: { name: 'DeviceManage', roles: [Role.OFFICIAL, Role.MARKET] },
  component: () => <PlaceholderPage name="DeviceManage" />,
})
