import {
  Activity,
  Cpu,
  FlaskConical,
  History,
  LayoutDashboard,
  MessageSquareWarning,
  ReceiptText,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { PageGroup } from '@contract/pages'

/** Each menu group's icon, shown by the side menu and the command palette; a new group fails `tsc` here. */
const MENU_ICONS: { readonly [Group in PageGroup]: LucideIcon } = {
  dashboard: LayoutDashboard,
  market: Store,
  merchant: Users,
  device: Cpu,
  statement: ReceiptText,
  complaint: MessageSquareWarning,
  system: Activity,
  audit: History,
  transaction: ReceiptText,
  pesticideTest: FlaskConical,
}

/** A group's icon; a server menu may name a group this console does not know. */
export const menuIcon = (group: string): LucideIcon =>
  Object.hasOwn(MENU_ICONS, group) ? MENU_ICONS[group as PageGroup] : LayoutDashboard
