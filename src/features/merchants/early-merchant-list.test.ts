import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { MERCHANT_LIST } from '@contract/merchant-list'
import { Role } from '@contract/roles'
import { startMerchantListRequests } from './early-merchant-list'
import { merchantListQuery } from './queries'

const OWN = '0b6f3f0e-2a52-4c36-9b8e-3f1d1f2a7c10'

/** A server that answers every call, and the calls it got ("METHOD /address"). */
function server(user: { role: number; marketId: string | null }) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`)
      const data = url === '/api/user/info' ? { username: 'u', ...user } : { list: [], total: 0, totalCapped: false }
      return Promise.resolve(
        new Response(JSON.stringify({ code: 20000, msg: 'ok', data, isSuccess: true }), { status: 200 }),
      )
    }),
  )
  return calls
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** What the list asks as it opens at `search`: the route's schema's defaults, in the market in scope. */
async function listOpens(search: Record<string, string>, market: string | null) {
  const parsed = v.parse(v.object(MERCHANT_LIST.search.entries), search)
  await new QueryClient().fetchQuery(merchantListQuery({ ...parsed, market }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  history.replaceState(null, '', '/')
  delete (window as { __early?: unknown }).__early
})

describe("the merchant list's early requests (issue 24 §3)", () => {
  it("start its first page from the HTML in a MARKET account's market, and the app takes the answer", async () => {
    localStorage.setItem('token', 'tok')
    history.replaceState(null, '', '/merchant')
    const calls = server({ role: Role.MARKET, marketId: OWN })
    expect(startMerchantListRequests()).toEqual({ memory: null })
    await settle()
    expect(calls).toHaveLength(2)
    await listOpens({}, OWN)
    // The app's own request was the one the boot script sent: nothing went twice.
    expect(calls).toHaveLength(2)
  })

  it("ask for every market for an OFFICIAL without a choice, and the address's market with one", async () => {
    localStorage.setItem('token', 'tok')
    history.replaceState(null, '', '/merchant')
    const calls = server({ role: Role.OFFICIAL, marketId: null })
    startMerchantListRequests()
    await settle()
    await listOpens({}, null)
    expect(calls).toHaveLength(2)

    delete (window as { __early?: unknown }).__early
    history.replaceState(null, '', `/merchant?market=${OWN}`)
    startMerchantListRequests()
    await settle()
    await listOpens({}, OWN)
    expect(calls).toHaveLength(4)
  })

  it('leave a searched, filtered, sorted or paged list to the app', async () => {
    localStorage.setItem('token', 'tok')
    for (const search of ['?q=wang', '?credit=2', '?sort=name', '?page=3']) {
      history.replaceState(null, '', `/merchant${search}`)
      const calls = server({ role: Role.MARKET, marketId: OWN })
      startMerchantListRequests()
      await settle()
      expect(calls, search).toEqual(['POST /api/user/info'])
    }
  })

  it('send nothing without a session', () => {
    const calls = server({ role: Role.MARKET, marketId: OWN })
    expect(startMerchantListRequests()).toBe(false)
    expect(calls).toEqual([])
  })
})
