import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { Role } from '@contract/roles'
import { api } from '@/lib/api-client'
import { accountMark, FRAME_MEMORY_KEY } from '@/prerender/frame-memory'
import { earlyScope } from '@/lib/early-console'
import { FIRST_SCREEN_WIDGETS, startWorkplaceRequests } from './early-workplace'
import { dailyQuery, methodsQuery, minutesQuery, todayQuery, transactionsQuery, type Scope } from './queries'

const OWN = '0b6f3f0e-2a52-4c36-9b8e-3f1d1f2a7c10'
const OTHER = '7d3c1a2b-1111-4222-8333-944455556666'

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 20000, msg: 'ok', data, isSuccess: true }), { status: 200 })
}

/** A server that answers every call, and the calls it got ("METHOD /address"). */
function server(user: { role: number; marketId: string | null }) {
  const calls: string[] = []
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`)
    return Promise.resolve(envelope(url === '/api/user/info' ? { username: 'u', ...user } : { url }))
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  delete (window as { __early?: unknown }).__early
})

/** What the Workplace asks as it mounts: the guard's user info (as its query asks), then each first-screen widget's query. */
async function workplaceMounts(market: Scope) {
  const client = new QueryClient()
  const user = await api('/user/info', '$post', {})
  const answers = await Promise.all([
    client.fetchQuery(todayQuery(market)),
    client.fetchQuery(dailyQuery(market)),
    client.fetchQuery(methodsQuery(market)),
    client.fetchQuery(minutesQuery(market)),
    client.fetchQuery(transactionsQuery(market)),
  ])
  return { user, answers }
}

describe("the Workplace's early requests (issue 24)", () => {
  it('start from the HTML and the app takes their answers: no request goes twice', async () => {
    localStorage.setItem('token', 'tok')
    const calls = server({ role: Role.OFFICIAL, marketId: null })
    expect(startWorkplaceRequests()).toEqual({ memory: null })
    await settle()
    expect(calls).toEqual([
      'POST /api/user/info',
      ...FIRST_SCREEN_WIDGETS.map((widget) => `GET /api/dashboard/${widget}`),
    ])
    const { user, answers } = await workplaceMounts(null)
    expect(user).toMatchObject({ username: 'u', role: Role.OFFICIAL })
    expect(answers[0]).toEqual({ url: '/api/dashboard/today' })
    // Every answer came from the early requests: the app sent nothing.
    expect(calls).toHaveLength(1 + FIRST_SCREEN_WIDGETS.length)
    // Taken once: a refresh asks the server again.
    await api('/dashboard/today', '$get', { query: {} })
    expect(calls.at(-1)).toBe('GET /api/dashboard/today')
    expect(calls).toHaveLength(2 + FIRST_SCREEN_WIDGETS.length)
  })

  it("ask for a MARKET account's own market, as its widgets do", async () => {
    localStorage.setItem('token', 'tok')
    const calls = server({ role: Role.MARKET, marketId: OWN })
    startWorkplaceRequests()
    await settle()
    expect(calls[1]).toBe(`GET /api/dashboard/today?market=${OWN}`)
    await workplaceMounts(OWN)
    expect(calls).toHaveLength(1 + FIRST_SCREEN_WIDGETS.length)
  })

  it("go at once, beside the account's, with what the page drew last for this account", async () => {
    localStorage.setItem('token', 'tok')
    const memory = {
      account: accountMark('tok'),
      locale: 'en-US',
      role: Role.MARKET,
      marketId: OWN,
      scope: OWN,
      variant: 'market',
      texts: {},
      scopeTexts: {},
    }
    localStorage.setItem(FRAME_MEMORY_KEY, JSON.stringify(memory))
    const calls = server({ role: Role.MARKET, marketId: OWN })
    expect(startWorkplaceRequests()).toEqual({ memory })
    // Sent before the account has answered.
    expect(calls[1]).toBe(`GET /api/dashboard/today?market=${OWN}`)
    await settle()
    await workplaceMounts(OWN)
    expect(calls).toHaveLength(1 + FIRST_SCREEN_WIDGETS.length)
  })

  it("ask again in the account's scope when the memory named another, and ignore another account's memory", async () => {
    localStorage.setItem('token', 'tok')
    const base = { locale: 'en-US', role: Role.MARKET, marketId: OTHER, scope: OTHER, variant: null }
    localStorage.setItem(
      FRAME_MEMORY_KEY,
      JSON.stringify({ ...base, account: accountMark('tok'), texts: {}, scopeTexts: {} }),
    )
    const calls = server({ role: Role.MARKET, marketId: OWN })
    startWorkplaceRequests()
    await settle()
    expect(calls).toContain(`GET /api/dashboard/today?market=${OWN}`)
    await workplaceMounts(OWN)
    expect(calls).toHaveLength(1 + 2 * FIRST_SCREEN_WIDGETS.length)

    localStorage.setItem(
      FRAME_MEMORY_KEY,
      JSON.stringify({ ...base, account: accountMark('other'), texts: {}, scopeTexts: {} }),
    )
    expect(startWorkplaceRequests()).toEqual({ memory: null })
  })

  it('send nothing without a session', () => {
    const calls = server({ role: Role.OFFICIAL, marketId: null })
    expect(startWorkplaceRequests()).toBe(false)
    expect(calls).toEqual([])
  })

  it("find an OFFICIAL's market in the address, else the stored choice", () => {
    const official = { role: Role.OFFICIAL, marketId: null }
    expect(earlyScope(official, `?market=${OTHER}`)).toBe(OTHER)
    expect(earlyScope(official, '?market=nope')).toBeNull()
    localStorage.setItem('market-scope', JSON.stringify({ id: OWN, name: 'East' }))
    expect(earlyScope(official, '')).toBe(OWN)
    expect(earlyScope({ role: Role.MARKET, marketId: OWN }, `?market=${OTHER}`)).toBe(OWN)
  })
})
