import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { setToken } from '@/lib/session'
import { guardConsoleRoute } from './guard'

const logout = vi.hoisted(() => vi.fn(async () => {}))
vi.mock('./logout', () => ({ logout }))
const showToast = vi.hoisted(() => vi.fn(async () => {}))
vi.mock('@/lib/toast', () => ({ showToast }))

/** The guard's input with a query client whose user query fails with `error`. */
const failingWith = (error: unknown) => ({
  context: { queryClient: { ensureQueryData: () => Promise.reject(error) } as unknown as QueryClient },
  location: { href: '/merchant' },
  matches: [],
})

beforeEach(() => setToken('a-token'))
afterEach(() => {
  localStorage.clear()
  logout.mockClear()
  showToast.mockClear()
})

describe('the console guard when the user cannot be read', () => {
  it.each([
    ['the page left while the request was on its way', new ApiRequestError('', 0, null, 0, 'network')],
    ['the request was aborted', new ApiRequestError('', 0, null, 0, 'aborted')],
    ['a proxy answered for the server that is down (502)', new ApiRequestError('', 0, null, 502, 'http')],
  ])('keeps the session when %s: the error goes to the page', async (_case, error) => {
    await expect(guardConsoleRoute(failingWith(error))).rejects.toBe(error)
    expect(logout).not.toHaveBeenCalled()
  })

  it('signs out and goes to the sign-in page when the server refuses the session', async () => {
    const refused = guardConsoleRoute(failingWith(new ApiRequestError('expired', 1001)))
    await expect(refused).rejects.toMatchObject({ options: { to: '/login', search: { redirect: '/merchant' } } })
    expect(logout).toHaveBeenCalledOnce()
  })
})

/** A MARKET user opening an OFFICIAL-only address (the market list). */
const marketUserOpeningMarkets = (preload: boolean) => ({
  context: {
    queryClient: {
      ensureQueryData: () => Promise.resolve({ role: Role.MARKET } as UserInfo),
    } as unknown as QueryClient,
  },
  location: { href: '/market' },
  matches: [{ staticData: { name: 'MarketManage' as const, roles: [Role.OFFICIAL] } }],
  preload,
})

describe('the console guard when the role may not open the page', () => {
  it('goes to the role’s first page and says why in a toast', async () => {
    await expect(guardConsoleRoute(marketUserOpeningMarkets(false))).rejects.toMatchObject({
      options: { href: '/dashboard/workplace' },
    })
    expect(showToast).toHaveBeenCalledWith('info', m.access_forbidden_moved(), 'access-forbidden-moved')
  })

  it('says nothing for a preload (a link hovered, not opened)', async () => {
    await expect(guardConsoleRoute(marketUserOpeningMarkets(true))).rejects.toMatchObject({
      options: { href: '/dashboard/workplace' },
    })
    expect(showToast).not.toHaveBeenCalled()
  })
})
