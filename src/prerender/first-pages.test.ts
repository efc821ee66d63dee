import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, type FetchQueryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { AUDIT_LIST } from '@contract/audit-list'
import { COMPLAINT_LIST } from '@contract/complaint-list'
import { DEVICE_LIST } from '@contract/device-list'
import { MERCHANT_LIST } from '@contract/merchant-list'
import { PesticideTestSearchSchema } from '@contract/pesticide-tests-list'
import { TRANSACTION_LIST } from '@contract/transactions-list'
import { Role } from '@contract/roles'
import { auditListQuery } from '@/features/audit/queries'
import { complaintListQuery } from '@/features/complaints/queries'
import { deviceListQuery } from '@/features/devices/queries'
import { merchantListQuery } from '@/features/merchants/queries'
import { pesticideTestListQuery } from '@/features/pesticide-tests/queries'
import { transactionListQuery } from '@/features/transactions/queries'
import { startEarlyList } from '@/lib/early-list'
import { PRERENDERED_PAGES } from './pages'

const OWN = '0b6f3f0e-2a52-4c36-9b8e-3f1d1f2a7c10'

/** How each prerendered list opens in the app: its route's search schema and its list query. */
type Opens = (search: Record<string, string>, market: string | null) => FetchQueryOptions<unknown>
const parsed = (list: { search: { entries: v.ObjectEntries } }, search: Record<string, string>) =>
  v.parse(v.object(list.search.entries), search)
const LISTS: Record<string, Opens> = {
  '/merchant': (search, market) =>
    merchantListQuery({ ...(parsed(MERCHANT_LIST, search) as object), market } as never) as FetchQueryOptions<unknown>,
  '/device': (search, market) =>
    deviceListQuery({ ...(parsed(DEVICE_LIST, search) as object), market } as never) as FetchQueryOptions<unknown>,
  '/complaint': (search, market) =>
    complaintListQuery({
      ...(parsed(COMPLAINT_LIST, search) as object),
      market,
    } as never) as FetchQueryOptions<unknown>,
  '/transaction': (search, market) =>
    transactionListQuery({
      ...(parsed(TRANSACTION_LIST, search) as object),
      market,
    } as never) as FetchQueryOptions<unknown>,
  '/audit': (search, market) =>
    auditListQuery({ ...(parsed(AUDIT_LIST, search) as object), market } as never) as FetchQueryOptions<unknown>,
  // The route's whole search (the days too): a first page names no days, the server's default.
  '/pesticide-test': (search, market) =>
    pesticideTestListQuery({
      ...v.parse(PesticideTestSearchSchema, search),
      market,
    }) as FetchQueryOptions<unknown>,
}
const early = PRERENDERED_PAGES.filter((page) => page.firstPage !== undefined)

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

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  history.replaceState(null, '', '/')
  delete (window as { __early?: unknown }).__early
})

it('every prerendered list that asks early is one this test knows how to open', () => {
  expect(early.map((page) => page.path).sort()).toEqual(Object.keys(LISTS).sort())
})

describe.each(early)('the list at $path asks for its first page from the HTML (issue 24 §3)', ({ path, firstPage }) => {
  const opens = async (search: Record<string, string>, market: string | null) => {
    await new QueryClient().fetchQuery(LISTS[path]!(search, market))
  }

  it("in a MARKET account's market, and the app takes the answer: nothing is asked twice", async () => {
    localStorage.setItem('token', 'tok')
    history.replaceState(null, '', path)
    const calls = server({ role: Role.MARKET, marketId: OWN })
    expect(startEarlyList(firstPage)).toEqual({ memory: null })
    await settle()
    expect(calls).toHaveLength(2)
    await opens({}, OWN)
    expect(calls).toHaveLength(2)
  })

  it("for every market for an OFFICIAL without a choice, and the address's market with one", async () => {
    localStorage.setItem('token', 'tok')
    history.replaceState(null, '', path)
    const calls = server({ role: Role.OFFICIAL, marketId: null })
    startEarlyList(firstPage)
    await settle()
    await opens({}, null)
    expect(calls).toHaveLength(2)

    delete (window as { __early?: unknown }).__early
    history.replaceState(null, '', `${path}?market=${OWN}`)
    startEarlyList(firstPage)
    await settle()
    await opens({}, OWN)
    expect(calls).toHaveLength(4)
  })

  it('leaves a searched, sorted or paged list to the app', async () => {
    localStorage.setItem('token', 'tok')
    for (const search of ['?q=wang', '?order=asc', '?page=3']) {
      history.replaceState(null, '', `${path}${search}`)
      const calls = server({ role: Role.MARKET, marketId: OWN })
      startEarlyList(firstPage)
      await settle()
      expect(calls, search).toEqual(['POST /api/user/info'])
    }
  })

  it('sends nothing without a session', () => {
    const calls = server({ role: Role.MARKET, marketId: OWN })
    expect(startEarlyList(firstPage)).toBe(false)
    expect(calls).toEqual([])
  })
})
