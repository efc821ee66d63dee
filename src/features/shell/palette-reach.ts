import { mayOpen, PAGE_NAMES, PAGES, type PageName } from '@contract/pages'
import { menuHasName } from '@/lib/permissions'
import type { ServerMenuEntry } from '@/lib/settings'
import { sideMenuFor } from './menu-items'

/** A page the palette opens; `group` is its menu group (for the icon). */
type PaletteTarget = { name: string; path: string; group: string }

/** What the palette may offer a signed-in user: the guard's rule, so nothing it lists then refuses. */
export type PaletteReach = {
  /** The menu's pages, in menu order. */
  pages: PaletteTarget[]
  /** Pages that do one thing (register), which the menu leaves out. */
  actions: PaletteTarget[]
  /** Markets found by name open the market list: only for those who may open it. */
  searchMarkets: boolean
  /** Merchants found by name open their edit page. */
  searchMerchants: boolean
}

/** Form pages the palette offers as actions (the registry's 'action' pages); the edit page needs a chosen row. */
const ACTION_PAGES = PAGE_NAMES.filter((name) => PAGES[name].reach === 'action')

/**
 * Pages and actions by the role's rights (contract/access.ts) and, with the menu from the server, only
 * what that menu lists (as the route guard decides, src/lib/permissions.ts).
 */
export function paletteReach(role: number, serverMenu: readonly ServerMenuEntry[] | null): PaletteReach {
  const reachable = (name: PageName) => mayOpen(name, role) && (!serverMenu || menuHasName(serverMenu, name))
  const pages = sideMenuFor(role, serverMenu).flatMap((group) =>
    group.children.map((child) => ({ ...child, group: group.name })),
  )
  const actions = ACTION_PAGES.filter(reachable).map((name) => ({
    name,
    path: PAGES[name].path,
    group: PAGES[name].group,
  }))
  return {
    pages,
    actions,
    searchMarkets: reachable('MarketManage'),
    searchMerchants: reachable('MerchantManage') && reachable('MerchantEdit'),
  }
}
