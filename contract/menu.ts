import * as v from 'valibot'
import { mayOpen, PAGE_GROUPS, PAGE_NAMES, PAGES, type PageGroup, type PageName } from './pages'

/** The console's menu, in SPEC §2's order, made from the page registry (contract/pages.ts). */
export type MenuEntry = {
  name: PageGroup
  path: string
  order: number
  roles: readonly number[]
  children: readonly MenuChild[]
}
type MenuChild = { name: PageName; path: string; hideInMenu?: boolean }

/** A group's pages in registry order; a group shows for every role that may open one of them. */
export const CONSOLE_MENU: readonly MenuEntry[] = (Object.keys(PAGE_GROUPS) as PageGroup[]).map((group, order) => {
  const pages = PAGE_NAMES.filter((name) => PAGES[name].group === group)
  return {
    name: group,
    path: PAGE_GROUPS[group],
    order,
    roles: [...new Set(pages.flatMap((name) => PAGES[name].roles))],
    children: pages.map((name) => ({
      name,
      path: PAGES[name].path,
      ...(PAGES[name].reach === 'menu' ? {} : { hideInMenu: true }),
    })),
  }
})

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
