import * as v from 'valibot'
import { mayOpen, PAGE_ROLES, type PageName } from './access'

/** The console's menu, in SPEC §2's order. Names are route names; the console translates them. */
export type MenuEntry = {
  name: string
  path: string
  order: number
  roles: readonly number[]
  children: readonly MenuChild[]
}
type MenuChild = { name: PageName; path: string; hideInMenu?: boolean }

/** A group shows for every role that may open one of its pages (contract/access.ts decides who). */
const group = (entry: Omit<MenuEntry, 'roles'>): MenuEntry => ({
  ...entry,
  roles: [...new Set(entry.children.flatMap((child) => PAGE_ROLES[child.name]))],
})

export const CONSOLE_MENU: readonly MenuEntry[] = [
  group({
    name: 'dashboard',
    path: '/dashboard',
    order: 0,
    children: [{ name: 'Workplace', path: '/dashboard/workplace' }],
  }),
  group({
    name: 'market',
    path: '/market',
    order: 1,
    children: [
      { name: 'MarketManage', path: '/market' },
      { name: 'MarketRegister', path: '/market/register', hideInMenu: true },
    ],
  }),
  group({
    name: 'merchant',
    path: '/merchant',
    order: 2,
    children: [
      { name: 'MerchantManage', path: '/merchant' },
      { name: 'MerchantRegister', path: '/merchant/register', hideInMenu: true },
      { name: 'MerchantEdit', path: '/merchant/edit', hideInMenu: true },
    ],
  }),
  group({ name: 'device', path: '/device', order: 3, children: [{ name: 'DeviceManage', path: '/device' }] }),
]

const MenuChildSchema = v.object({ name: v.string(), path: v.string(), hideInMenu: v.optional(v.boolean()) })
const MenuItemSchema = v.object({
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
    children: children.filter((child) => mayOpen(child.name, role)).map((child) => ({ ...child })),
  }))
}
