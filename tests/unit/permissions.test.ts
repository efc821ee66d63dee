import { describe, expect, it } from 'vitest'
import { PAGE_ROLES } from '../../contract/pages'
import { Role } from '../../contract/roles'
import { decideAccess, firstAllowedPath, isRoleAllowed, isSafeRedirect, menuHasName } from '../../src/lib/permissions'

describe('route permissions', () => {
  it('allows routes without auth, without roles, with a wildcard, or listing the role', () => {
    expect(isRoleAllowed({ requiresAuth: false, roles: [Role.OFFICIAL] }, Role.MARKET)).toBe(true)
    expect(isRoleAllowed({}, Role.MARKET)).toBe(true)
    expect(isRoleAllowed({ roles: ['*'] }, Role.MARKET)).toBe(true)
    expect(isRoleAllowed({ roles: [Role.OFFICIAL, Role.MARKET] }, Role.MARKET)).toBe(true)
    expect(isRoleAllowed({ roles: [Role.OFFICIAL] }, Role.MARKET)).toBe(false)
  })

  it("sends a forbidden route to the role's first route", () => {
    expect(decideAccess({ name: 'MarketManage', roles: PAGE_ROLES.MarketManage }, Role.MARKET, null)).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
    })
    expect(firstAllowedPath(999)).toBeNull()
    expect(decideAccess({ name: 'MarketManage', roles: PAGE_ROLES.MarketManage }, 999, null)).toEqual({
      kind: 'notFound',
    })
  })

  it('with menus from the server, needs the route in the menu (children too) or the whitelist', () => {
    const menu = [{ name: 'dashboard', children: [{ name: 'Workplace' }] }]
    expect(menuHasName(menu, 'Workplace')).toBe(true)
    expect(decideAccess({ name: 'Workplace', roles: [Role.MARKET] }, Role.MARKET, menu)).toEqual({ kind: 'allow' })
    expect(decideAccess({ name: 'DeviceManage', roles: [Role.MARKET] }, Role.MARKET, menu)).toEqual({
      kind: 'notFound',
    })
    expect(decideAccess({ name: 'Redirect' }, Role.MARKET, menu)).toEqual({ kind: 'allow' })
    expect(decideAccess({ name: 'Workplace', roles: [Role.OFFICIAL] }, Role.MARKET, menu)).toEqual({ kind: 'notFound' })
  })

  it('keeps redirects inside the console', () => {
    expect(isSafeRedirect('/merchant?page=2')).toBe(true)
    expect(isSafeRedirect('notFound')).toBe(true)
    expect(isSafeRedirect('//evil.example')).toBe(false)
    expect(isSafeRedirect('https://evil.example')).toBe(false)
    expect(isSafeRedirect('/login')).toBe(false)
  })
})
