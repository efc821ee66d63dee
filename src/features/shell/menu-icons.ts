import { Cpu, LayoutDashboard, Store, Users, type LucideIcon } from 'lucide-react'

/** Each menu group's icon, shown by the side menu and the command palette. */
const MENU_ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  market: Store,
  merchant: Users,
  device: Cpu,
}

export const menuIcon = (group: string): LucideIcon => MENU_ICONS[group] ?? LayoutDashboard
