import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markets, users } from '../../server/db/schema'
import { createTestApp, createUser, Role, type TestApp } from '../helpers/test-app'
import { creditCodeFor } from '../helpers/market-input'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { MARKET_SORTS } from '../../contract/market-list'

let t: TestApp
let token: string
let operatorToken: string
const COUNT = 300

type Item = { name: string; accountUsername: string; accountStatus: number; stallCount: number; registerTime: string }
type List = { list: Item[]; total: number }

beforeAll(async () => {
  t = await createTestApp()
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
  token = await t.tokenFor('official', 'Official123')
  await createUser(t.db, { username: '0399000', password: 'Market123', role: Role.MARKET })
  operatorToken = await t.tokenFor('0399000', 'Market123')
  // Inserted directly (one scrypt hash shared): the list, not registration, is under test here.
  const rows = Array.from({ length: COUNT }, (_, i) => ({ i, uk: randomUUID(), id: randomUUID() }))
  await t.db.insert(users).values(
    rows.map(({ i, uk }) => ({
      uk,
      username: `0316${String(200000 + i)}`,
      passwordHash: 'scrypt$1$1$1$AA==$AA==',
      role: Role.MARKET,
      status: i % 10 === 0 ? 2 : 1,
    })),
  )
  await t.db.insert(markets).values(
    rows.map(({ i, uk, id }) => ({
      id,
      accountUk: uk,
      name:
        i % 3 === 0
          ? `Riverside market ${String(i).padStart(3, '0')}`
          : `Hill market 100% ${String(i).padStart(3, '0')}`,
      creditCode: creditCodeFor(5000 + i),
      stallCount: (i * 7) % 250,
      registeredAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
    })),
  )
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/markets',
  context: () => ({ t, token, path: '/api/markets', total: COUNT, refused: [operatorToken] }),
  sorts: MARKET_SORTS,
  filters: { status: ['1', '2'] },
})

const list = async (query: string) => (await t.call<List>(`/api/markets?${query}`, { method: 'GET', token })).body

describe('GET /api/markets', () => {
  it('pages newest first by default, with the total', async () => {
    const first = await list('page=1&pageSize=20')
    expect(first.data.total).toBe(COUNT)
    expect(first.data.list).toHaveLength(20)
    expect(first.data.list[0]?.registerTime).toBe('2025-01-13 19:00:00')
    const last = await list('page=15&pageSize=20')
    expect(last.data.list.at(-1)?.registerTime).toBe('2025-01-01 08:00:00')
    expect((await list('page=16&pageSize=20')).data.list).toEqual([])
  })

  it('sorts by each column both ways', async () => {
    const asc = (await list('sort=stallCount&order=asc&pageSize=100')).data.list.map((m) => m.stallCount)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await list('sort=name&order=desc&pageSize=100')).data.list.map((m) => m.name)
    expect(desc).toEqual([...desc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
    const byUsername = (await list('sort=accountUsername&order=asc&pageSize=5')).data.list.map((m) => m.accountUsername)
    expect(byUsername).toEqual(['0316200000', '0316200001', '0316200002', '0316200003', '0316200004'])
  })

  it('searches name, account username and credit code, case-insensitively, wildcards taken literally', async () => {
    expect((await list('q=riverside&pageSize=100')).data.total).toBe(100)
    expect((await list('q=0316200123')).data.list.map((m) => m.accountUsername)).toEqual(['0316200123'])
    expect((await list(`q=${creditCodeFor(5042).toLowerCase()}`)).data.total).toBe(1)
    expect((await list('q=100%25')).data.total).toBe(200)
    expect((await list('q=_')).data.total).toBe(0)
  })

  it('filters by account status and combines filters', async () => {
    expect((await list('status=2')).data.total).toBe(30)
    const both = await list('status=2&q=Riverside&pageSize=100')
    expect(both.data.total).toBe(10)
    expect(both.data.list.every((m) => m.accountStatus === 2 && m.name.startsWith('Riverside'))).toBe(true)
  })

  it('refuses page sizes over 100 and unknown sorts', async () => {
    expect((await list('pageSize=101')).code).toBe(40000)
    expect((await list('sort=password')).code).toBe(40000)
  })

  it('serves the market switcher: searchable, sorted by name, limited', async () => {
    const answer = await t.call<{ id: string; name: string }[]>('/api/markets/options?q=riverside&limit=5', {
      method: 'GET',
      token,
    })
    expect(answer.body.data.map((m) => m.name)).toEqual([
      'Riverside market 000',
      'Riverside market 003',
      'Riverside market 006',
      'Riverside market 009',
      'Riverside market 012',
    ])
    const defaults = await t.call<{ id: string; name: string }[]>('/api/markets/options', { method: 'GET', token })
    expect(defaults.body.data).toHaveLength(20)
    expect((await t.call('/api/markets/options?limit=50', { method: 'GET', token })).body.data).toHaveLength(50)
    expect((await t.call('/api/markets/options?limit=51', { method: 'GET', token })).body.code).toBe(40000)
  })
})
