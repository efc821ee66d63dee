// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { createRouter, type AnyRoute } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { PAGE_ROLES, type PageName } from '../../contract/pages'
import { CONSOLE_MENU, menuForRole } from '../../contract/menu'
import { CONSOLE_ROLES, Role } from '../../contract/roles'
import { decideAccess } from '../../src/lib/permissions'
import { routeTree } from '../../src/routeTree.gen'

/**
 * contract/access.ts is the one list of who may open what. The route tree (generated from src/routes
 * by `npm run prepare:gen`), the menu and the route guard must say the same, role for role.
 */
// Building a router resolves each route's full path.
const routes: AnyRoute[] = Object.values(
  createRouter({ routeTree, context: { queryClient: new QueryClient() } }).routesById,
)
const named = routes.filter((route) => route.options.staticData?.name)
const pages = Object.keys(PAGE_ROLES) as PageName[]
const sorted = (roles: readonly unknown[] | undefined) => [...(roles ?? [])].sort()
/** Every role there is, signed-in or not, so a role the declaration leaves out is tried too. */
const ALL_ROLES = [...new Set([...Object.values(Role), ...CONSOLE_ROLES])]

describe('one declaration of who may open what', () => {
  it('reads the route tree', () => {
    expect(named.length).toBeGreaterThanOrEqual(pages.length)
  })

  it.each(pages)('%s has exactly one route, with exactly the declared roles', (page) => {
    const matches = named.filter((route) => route.options.staticData?.name === page)
    expect(matches).toHaveLength(1)
    expect(sorted(matches[0]!.options.staticData?.roles)).toEqual(sorted(PAGE_ROLES[page]))
  })

  it('no route declares roles of its own: named routes are declared pages, open to any role, or public', () => {
    const undeclared = named
      .map((route) => route.options.staticData!)
      .filter(
        (data) =>
          !(data.name! in PAGE_ROLES) &&
          data.requiresAuth !== false &&
          data.roles !== undefined &&
          !(data.roles.length === 1 && data.roles[0] === '*'),
      )
    expect(undeclared).toEqual([])
  })

  it('the menu lists every page once, at its route, and each group shows for the roles of its pages', () => {
    const children = CONSOLE_MENU.flatMap((entry) => entry.children)
    expect(sorted(children.map((child) => child.name))).toEqual(sorted(pages))
    for (const child of children) {
      const route = named.find((candidate) => candidate.options.staticData?.name === child.name)
      expect(route?.fullPath.replace(/\/$/, ''), child.name).toBe(child.path)
    }
    for (const entry of CONSOLE_MENU) {
      expect(sorted(entry.roles), entry.name).toEqual(
        sorted([...new Set(entry.children.flatMap((child) => PAGE_ROLES[child.name]))]),
      )
    }
  })

  it.each(ALL_ROLES)(
    'role %s: the server menu lists, and the route guard opens, exactly the declared pages',
    (role) => {
      const menu = menuForRole(role)
      const listed = menu.flatMap((entry) => entry.children.map((child) => child.name))
      const declared = pages.filter((page) => (PAGE_ROLES[page] as readonly number[]).includes(role))
      expect(sorted(listed)).toEqual(sorted(declared))
      for (const page of pages) {
        const route = named.find((candidate) => candidate.options.staticData?.name === page)!
        // With the server's menu, and with none (the guard falls back to the route's roles).
        expect(decideAccess(route.options.staticData!, role, menu).kind === 'allow', `${page} for role ${role}`).toBe(
          declared.includes(page),
        )
        expect(decideAccess(route.options.staticData!, role, null).kind === 'allow', `${page} for role ${role}`).toBe(
          declared.includes(page),
        )
      }
    },
  )
})
