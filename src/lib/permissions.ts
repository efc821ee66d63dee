import { CONSOLE_MENU } from '@contract/menu'
import { mayOpen, OTHER_ROUTE_NAMES } from '@contract/pages'

/** What a route declares about who may open it (SPEC §2, §6). */
export type RouteAccess = {
  name?: string | undefined
  requiresAuth?: boolean | undefined
  /** Role numbers, or '*' for any role. Empty or absent: any signed-in role. */
  roles?: ReadonlyArray<number | '*'> | undefined
}

export type MenuNode = { name: string; children?: readonly MenuNode[] | undefined }

/** Routes any signed-in user may open even when the menu comes from the server. */
const MENU_WHITELIST: readonly MenuNode[] = OTHER_ROUTE_NAMES.map((name) => ({ name }))

/** SPEC §2: allowed if it needs no authentication, declares no roles, lists '*', or lists the role. */
export function isRoleAllowed(access: RouteAccess, role: number): boolean {
  if (access.requiresAuth === false) return true
  if (!access.roles || access.roles.length === 0) return true
  return access.roles.includes('*') || access.roles.includes(role)
}

/** Whether a route name appears in a menu tree (children searched too). */
export function menuHasName(menu: readonly MenuNode[], name: string): boolean {
  return menu.some((node) => node.name === name || menuHasName(node.children ?? [], name))
}

/** Where a role lands when it opens a route it may not see: its first menu entry, or null (not found). */
export function firstAllowedPath(role: number): string | null {
  // A group shows for every role of one of its pages; its first page in the menu may still be another role's.
  const pages = [...CONSOLE_MENU]
    .sort((a, b) => a.order - b.order)
    .flatMap((item) => (item.roles.includes(role) ? item.children : []))
  return pages.find((child) => !child.hideInMenu && mayOpen(child.name, role))?.path ?? null
}

export type Verdict = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' }

/**
 * The permission guard (SPEC §2 step 3). With menus from the server, the route must be in that menu
 * or the whitelist and be role-allowed, else not-found; otherwise a forbidden route goes to the
 * role's first route, or not-found when it has none.
 */
export function decideAccess(access: RouteAccess, role: number, serverMenu: readonly MenuNode[] | null): Verdict {
  const roleAllowed = isRoleAllowed(access, role)
  if (serverMenu) {
    const listed = !access.name || menuHasName(serverMenu, access.name) || menuHasName(MENU_WHITELIST, access.name)
    return listed && roleAllowed ? { kind: 'allow' } : { kind: 'notFound' }
  }
  if (roleAllowed) return { kind: 'allow' }
  const to = firstAllowedPath(role)
  return to ? { kind: 'redirect', to } : { kind: 'notFound' }
}

/** A redirect target must stay inside the console (no protocol-relative or absolute URLs). */
export function isSafeRedirect(target: string): boolean {
  return (
    target === 'notFound' ||
    (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') && !target.startsWith('/login'))
  )
}
