import { CONSOLE_MENU } from '@contract/menu'
import { mayOpen } from '@contract/pages'
import type { ServerMenuEntry } from '@/lib/settings'

export type SideMenuItem = { name: string; path: string; children: { name: string; path: string }[] }

/** The role's menu in menu order; with menus from the server, only what the server listed. */
export function sideMenuFor(role: number, serverMenu: readonly ServerMenuEntry[] | null): SideMenuItem[] {
  const listed = serverMenu
    ? new Set(serverMenu.flatMap((entry) => [entry.name, ...(entry.children ?? []).map((child) => child.name)]))
    : null
  return (
    [...CONSOLE_MENU]
      .sort((a, b) => a.order - b.order)
      .filter((entry) => entry.roles.includes(role) && (!listed || listed.has(entry.name)))
      .map((entry) => ({
        name: entry.name,
        path: entry.path,
        children: entry.children
          .filter((child) => !child.hideInMenu && mayOpen(child.name, role) && (!listed || listed.has(child.name)))
          .map(({ name, path }) => ({ name, path })),
      }))
      // A group whose pages the role reaches only from other pages (an operator's market page) shows nothing.
      .filter((entry) => entry.children.length > 0)
  )
}
