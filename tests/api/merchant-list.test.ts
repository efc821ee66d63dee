import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LICENCE_STATES } from '../../contract/licence-state'
import {
  BUSINESS_CATEGORIES,
  CREDIT_STAR_FILTERS,
  MERCHANT_SORTS,
  MERCHANT_STATUSES,
} from '../../contract/merchant-list'
import { merchants, users } from '../../server/db/schema'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { idCardFor } from '../helpers/merchant-input'
import { createTestApp, Role, UserStatus, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'
import type { ApiInput } from '../../src/lib/api-routes'

let t: TestApp
let official: string
let own: { marketId: string; username: string; token: string }
let other: { marketId: string; username: string; token: string }

/** Merchants per market: the operator's own has most, the other enough to leak if scope failed. */
const OWN_COUNT = 200
const OTHER_COUNT = 100
const COUNT = OWN_COUNT + OTHER_COUNT

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * Merchant number i of a market. Names carry a literal `%` (every 5th) or `_` (every 5th, offset 1),
 * so a search for either must not act as a wildcard; nothing else in the searched text has them.
 */
function merchantRow(i: number, market: { marketId: string; username: string }, marketNo: number) {
  return {
    i,
    marketId: market.marketId,
    accountUsername: `${market.username}-${pad(i + 1, 4)}`,
    name:
      i % 5 === 0
        ? `Riverside Greens 100% #${marketNo}${pad(i, 3)}`
        : i % 5 === 1
          ? `Li_Ming Fruit #${marketNo}${pad(i, 3)}`
          : `张记蔬菜 #${marketNo}${pad(i, 3)}`,
    stallNo: `B-${pad(i, 3)}`,
    phone: `1370${marketNo}00${pad(i, 4)}`,
    category: BUSINESS_CATEGORIES[i % BUSINESS_CATEGORIES.length]!,
    status: i % 7 === 0 ? ('left' as const) : ('active' as const),
    // Stored as the licence job and the forms keep it (many ties: the sort's tiebreak is exercised).
    licenceState: LICENCE_STATES[i % LICENCE_STATES.length]!,
    // As the credit recompute stores them; spread across the names, so a search and a filter combine.
    creditStars: ((i * 3 + Math.floor(i / 5)) % 5) + 1,
  }
}
let rows: ReturnType<typeof merchantRow>[]

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  own = await withOperator(t, { token: official }, 1)
  other = await withOperator(t, { token: official }, 2)
  rows = [
    ...Array.from({ length: OWN_COUNT }, (_, i) => merchantRow(i, own, 1)),
    ...Array.from({ length: OTHER_COUNT }, (_, i) => merchantRow(i, other, 2)),
  ]
  // Inserted directly (one fake hash shared): the list, not registration, is under test here.
  const accounts = rows.map((row) => ({ row, uk: randomUUID() }))
  await t.db.insert(users).values(
    accounts.map(({ row, uk }) => ({
      uk,
      username: row.accountUsername,
      passwordHash: 'scrypt$1$1$1$AA==$AA==',
      role: Role.MERCHANT,
      status: row.status === 'left' ? UserStatus.FROZEN : UserStatus.NORMAL,
      marketId: row.marketId,
    })),
  )
  await t.db.insert(merchants).values(
    accounts.map(({ row: { i, ...row }, uk }) => ({
      ...row,
      accountUk: uk,
      bankMerchantNo: `10203${pad(i, 6)}`,
      idCardNo: idCardFor(i),
      age: 30 + (i % 40),
      gender: i % 2 === 0 ? 'male' : 'female',
      // Three merchants a minute: equal times, so the sorts' tiebreak is exercised too.
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000),
    })),
  )
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/merchants',
  context: () => ({
    t,
    token: official,
    path: '/api/merchants',
    total: COUNT,
    scope: { operatorToken: own.token, ownMarketId: own.marketId, otherMarketId: other.marketId },
  }),
  sorts: MERCHANT_SORTS,
  filters: {
    category: BUSINESS_CATEGORIES,
    status: MERCHANT_STATUSES,
    licence: LICENCE_STATES,
    credit: CREDIT_STAR_FILTERS,
  },
  scoped: true,
})

describe('GET /api/merchants: licence states', () => {
  it('filters by the stored worst state, alone, with a category and with a search, with the right total', async () => {
    for (const licence of LICENCE_STATES) {
      const alone = await list({ licence })
      expect(alone.data.total, licence).toBe(expected((row) => row.licenceState === licence))
      expect(alone.data.list.every((row) => row.licenceState === licence)).toBe(true)
      const withCategory = await list({ licence, category: 'fruit' }, own.token)
      expect(withCategory.data.total).toBe(
        expected((row) => row.licenceState === licence && row.category === 'fruit' && row.marketId === own.marketId),
      )
      const searched = await list({ licence, q: 'riverside' })
      expect(searched.data.total).toBe(
        expected((row) => row.licenceState === licence && row.name.startsWith('Riverside')),
      )
    }
  })

  it('sorts worst first when ascending', async () => {
    const ranks = (await list({ sort: 'licence', order: 'asc' })).data.list.map((row) =>
      LICENCE_STATES.indexOf(row.licenceState),
    )
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y))
    expect(ranks[0]).toBe(0)
  })
})

describe('GET /api/merchants: credit stars', () => {
  it('filters by stars, alone, with a category, with a search and with a licence state, with the right total', async () => {
    for (const credit of CREDIT_STAR_FILTERS) {
      const stars = Number(credit)
      const alone = await list({ credit })
      expect(alone.data.total, credit).toBe(expected((row) => row.creditStars === stars))
      // Counted from the index up to the cap, which these few rows stay under.
      expect(alone.data.totalCapped).toBe(false)
      expect(alone.data.total).toBeGreaterThan(0)
      expect(alone.data.list.every((row) => row.creditStars === stars)).toBe(true)
      const withCategory = await list({ credit, category: 'meat' }, own.token)
      expect(withCategory.data.total).toBe(
        expected((row) => row.creditStars === stars && row.category === 'meat' && row.marketId === own.marketId),
      )
      const searched = await list({ credit, q: 'riverside' })
      expect(searched.data.total).toBe(expected((row) => row.creditStars === stars && row.name.startsWith('Riverside')))
      const withLicence = await list({ credit, licence: 'expired' })
      expect(withLicence.data.total).toBe(
        expected((row) => row.creditStars === stars && row.licenceState === 'expired'),
      )
    }
  })

  it('sorts fewest stars first when ascending, most first when descending, across pages', async () => {
    const pages = async (order: 'asc' | 'desc') => {
      const first = await list({ sort: 'credit', order, pageSize: 50 })
      const second = await list({ sort: 'credit', order, pageSize: 50, page: 2 })
      return [...first.data.list, ...second.data.list].map((row) => row.creditStars)
    }
    const ascending = await pages('asc')
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y))
    expect(ascending[0]).toBe(1)
    const descending = await pages('desc')
    expect(descending).toEqual([...descending].sort((x, y) => y - x))
    expect(descending[0]).toBe(5)
  })

  it('refuses stars that are not 1 to 5', async () => {
    for (const credit of ['0', '6', '2.5', '-1', ' 3', '３']) {
      const response = await t.call(`/api/merchants?credit=${encodeURIComponent(credit)}`, {
        method: 'GET',
        token: official,
      })
      expect(response.status, credit).toBe(400)
    }
  })
})

type Query = NonNullable<ApiInput<'/merchants', '$get'>['query']>
const list = async (query: Query, token = official) =>
  (await typedApi(t.call)('/merchants', '$get', { query: { pageSize: 100, ...query } }, { token })).body

/** What the list must answer for `keep`, counted from the rows inserted. */
const expected = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).length

describe('GET /api/merchants: search', () => {
  it('finds a merchant by name, stall, phone or account username', async () => {
    const target = rows.find((row) => row.marketId === own.marketId && row.i === 42)!
    for (const q of [target.name, target.phone, target.accountUsername]) {
      const answer = await list({ q })
      expect(
        answer.data.list.map((row) => row.accountUsername),
        q,
      ).toEqual([target.accountUsername])
    }
    // The same stall number exists once in each market.
    const byStall = await list({ q: target.stallNo })
    expect(byStall.data.list.map((row) => row.stallNo)).toEqual([target.stallNo, target.stallNo])
    expect(new Set(byStall.data.list.map((row) => row.marketId))).toEqual(new Set([own.marketId, other.marketId]))
  })

  it('ignores case and surrounding spaces', async () => {
    const riverside = expected((row) => row.name.startsWith('Riverside'))
    expect(riverside).toBe(60)
    expect((await list({ q: 'riverside' })).data.total).toBe(riverside)
    expect((await list({ q: '  RIVERSIDE GREENS ' })).data.total).toBe(riverside)
    expect((await list({ q: 'b-042' })).data.list.map((row) => row.stallNo)).toEqual(['B-042', 'B-042'])
  })

  it('takes % and _ literally, never as wildcards', async () => {
    expect((await list({ q: '%' })).data.total).toBe(expected((row) => row.name.includes('%')))
    expect((await list({ q: '100%' })).data.total).toBe(expected((row) => row.name.includes('100%')))
    expect((await list({ q: '_' })).data.total).toBe(expected((row) => row.name.includes('_')))
    expect((await list({ q: 'li_ming' })).data.total).toBe(expected((row) => row.name.startsWith('Li_Ming')))
    // As wildcards these would match every row.
    expect((await list({ q: '%%' })).data.total).toBe(0)
    expect((await list({ q: 'li%ming' })).data.total).toBe(0)
    expect((await list({ q: '\\' })).data.total).toBe(0)
  })

  it("an operator's search never reaches another market", async () => {
    const foreign = rows.find((row) => row.marketId === other.marketId)!
    expect((await list({ q: foreign.accountUsername })).data.total).toBe(1)
    const answer = await list({ q: foreign.accountUsername, market: other.marketId }, own.token)
    expect(answer.code).toBe(20000)
    expect(answer.data).toEqual({ list: [], total: 0, totalCapped: false })
  })
})

describe('GET /api/merchants: filters', () => {
  it('filters by category, every row of it and only those', async () => {
    const answer = await list({ category: 'meat' })
    expect(answer.data.total).toBe(expected((row) => row.category === 'meat'))
    expect(answer.data.list.every((row) => row.category === 'meat')).toBe(true)
  })

  it('filters by status, and combines filters with the search', async () => {
    const left = await list({ status: 'left' })
    expect(left.data.total).toBe(expected((row) => row.status === 'left'))
    expect(left.data.list.every((row) => row.status === 'left')).toBe(true)
    expect((await list({ status: 'active' })).data.total).toBe(expected((row) => row.status === 'active'))
    const combined = await list({ status: 'left', category: 'vegetables', q: 'riverside' })
    const matches = (row: (typeof rows)[number]) =>
      row.status === 'left' && row.category === 'vegetables' && row.name.startsWith('Riverside')
    expect(expected(matches)).toBeGreaterThan(0)
    expect(combined.data.total).toBe(expected(matches))
  })

  it('an OFFICIAL sees every market without `market`, one market with it', async () => {
    const all = await list({})
    expect(all.data.total).toBe(COUNT)
    const one = await list({ market: other.marketId })
    expect(one.data.total).toBe(OTHER_COUNT)
    expect(one.data.list.every((row) => row.marketId === other.marketId)).toBe(true)
    expect(one.data.list[0]?.marketName).toBe('测试农贸市场 2')
    expect((await list({ market: randomUUID() })).data).toEqual({ list: [], total: 0, totalCapped: false })
    expect((await t.call('/api/merchants?market=nope', { method: 'GET', token: official })).body.code).toBe(40000)
  })

  it("an operator's total is its own market's, whatever `market` says", async () => {
    for (const market of [undefined, own.marketId, other.marketId, randomUUID()]) {
      const answer = await list(market ? { market } : {}, own.token)
      expect(answer.data.total, String(market)).toBe(OWN_COUNT)
    }
  })
})
