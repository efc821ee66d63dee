import * as v from 'valibot'
import { Role } from './roles'

/** The console's menu, in SPEC §2's order. Names are route names; the console translates them. */
export type MenuEntry = { name: string; path: string; order: number; roles: readonly number[]; children: readonly MenuChild[] }
export type MenuChild = { name: string; path: string; hideInMenu?: boolean }

const both = [Role.OFFICIAL, Role.MARKET] as const

export const CONSOLE_MENU: readonly MenuEntry[] = [
  { name: 'dashboard', path: '/dashboard', order: 0, roles: both, children: [{ name: 'Workplace', path: '/dashboard/workplace' }] },
  {
    name: 'market',
    path: '/market',
    order: 1,
    roles: [Role.OFFICIAL],
    children: [
      { name: 'MarketManage', path: '/market' },
      { name: 'MarketRegister', path: '/market/register', hideInMenu: true },
    ],
  },
  {
    name: 'merchant',
    path: '/merchant',
    order: 2,
    roles: both,
    children: [
      { name: 'MerchantManage', path: '/merchant' },
      { name: 'MerchantRegister', path: '/merchant/register', hideInMenu: true },
      { name: 'MerchantEdit', path: '/merchant/edit', hideInMenu: true },
    ],
  },
  { name: 'device', path: '/device', order: 3, roles: both, children: [{ name: 'DeviceManage', path: '/device' }] },
]

export const MenuChildSchema = v.object({ name: v.string(), path: v.string(), hideInMenu: v.optional(v.boolean()) })
export const MenuItemSchema = v.object({
  name: v.string(),
  path: v.string(),
  order: v.number(),
  children: v.array(MenuChildSchema),
})
export type MenuItem = v.InferOutput<typeof MenuItemSchema>
export const MenuSchema = v.array(MenuItemSchema)

export function menuForRole(role: number): MenuItem[] {
  return CONSOLE_MENU.filter((entry) => entry.roles.includes(role)).map(({ name, path, order, children }) => ({
    name,
    path,
    order,
    children: children.map((child) => ({ ...child })),
  }))
}
