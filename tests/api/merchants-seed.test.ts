import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { idCardFacts, isIdCardNumber, isUnifiedSocialCreditCode } from '../../contract/china-ids'
import { MerchantFieldsSchema, type MerchantListQuery } from '../../contract/merchants'
import { Role } from '../../contract/roles'
import { addDays, shanghaiToday } from '../../contract/time'
import { ALL_MARKETS, markets, merchantCounts, merchants, users } from '../../server/db/schema'
import { DEMO_ACCOUNTS, seedDemo } from '../../server/demo/seed/demo'
import { listMerchants } from '../../server/merchants/queries'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { merchantInput } from '../helpers/merchant-input'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
})
afterAll(async () => {
  await t.close()
})

const perMarket = () =>
  t.db
    .select({
      marketId: markets.id,
      operator: users.username,
      merchantSeq: markets.merchantSeq,
      count: sql<number>`(select count(*)::int from merchants where merchants.market_id = ${markets.id})`,
    })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))

describe('demo merchants', () => {
  it('fill at least three markets, the demo MARKET account among them, with 50–150 merchants each', async () => {
    const filled = (await perMarket()).filter((market) => market.count > 0)
    expect(filled.length).toBeGreaterThanOrEqual(3)
    expect(filled.map((market) => market.operator)).toContain(DEMO_ACCOUNTS.market.username)
    for (const market of filled) {
      expect(market.count, market.operator).toBeGreaterThanOrEqual(50)
      expect(market.count, market.operator).toBeLessThanOrEqual(150)
      // Later registrations continue the numbering.
      expect(market.merchantSeq, market.operator).toBe(market.count)
    }
  })

  it('are registrations the form itself would accept, with valid ID cards and credit codes, and accounts', async () => {
    const operators = alias(users, 'operators')
    const rows = await t.db
      .select({ merchant: merchants, account: users, operator: operators.username })
      .from(merchants)
      .innerJoin(users, eq(users.uk, merchants.accountUk))
      .innerJoin(markets, eq(markets.id, merchants.marketId))
      .innerJoin(operators, eq(operators.uk, markets.accountUk))
    expect(rows.length).toBeGreaterThan(150)
    // The seed computed ages on its own day: today, or yesterday if it ran just before midnight.
    const days = [shanghaiToday(), addDays(shanghaiToday(), -1)]
    const seqs = new Map<string, number[]>()
    for (const { merchant, account, operator } of rows) {
      const label = merchant.accountUsername
      const parsed = v.safeParse(MerchantFieldsSchema, merchant)
      expect(parsed.issues?.map((issue) => `${label}: ${v.getDotPath(issue)} ${issue.message}`) ?? []).toEqual([])
      expect(isIdCardNumber(merchant.idCardNo), label).toBe(true)
      const birthYear = Number(merchant.idCardNo.slice(6, 10))
      expect(birthYear, label).toBeGreaterThanOrEqual(1960)
      expect(birthYear, label).toBeLessThanOrEqual(2000)
      expect(merchant.idCardNo.slice(0, 2), label).toBe('13')
      expect(
        days.map((day) => idCardFacts(merchant.idCardNo, day)),
        label,
      ).toContainEqual({ age: merchant.age, gender: merchant.gender })
      if (merchant.creditCode !== '') expect(isUnifiedSocialCreditCode(merchant.creditCode), label).toBe(true)
      expect(account.role, label).toBe(Role.MERCHANT)
      expect(account.marketId, label).toBe(merchant.marketId)
      expect(account.username, label).toBe(merchant.accountUsername)
      const match = /^(.+)-(\d{4})$/.exec(merchant.accountUsername)
      expect(match?.[1], label).toBe(operator)
      seqs.set(operator, [...(seqs.get(operator) ?? []), Number(match?.[2])])
    }
    // Numbered 0001, 0002, … in each market, none skipped or repeated.
    for (const [operator, numbers] of seqs)
      expect(
        numbers.sort((a, b) => a - b),
        operator,
      ).toEqual(numbers.map((_, i) => i + 1))
    const ids = rows.map((row) => row.merchant.idCardNo)
    expect(new Set(ids).size).toBe(ids.length)
    const kinds = (key: 'category' | 'gender' | 'status') => new Set(rows.map((row) => row.merchant[key]))
    expect(kinds('category').size).toBe(9)
    expect(kinds('gender').size).toBe(2)
    expect(kinds('status')).toEqual(new Set(['active', 'left']))
    expect(rows.some((row) => row.merchant.creditCode === '')).toBe(true)
    expect(rows.some((row) => row.merchant.creditCode !== '')).toBe(true)
  })

  it('are seeded once: a second run adds nothing, and a registration continues the numbering', async () => {
    const before = await perMarket()
    await seedDemo(t.db)
    expect(await perMarket()).toEqual(before)
    const demo = before.find((market) => market.operator === DEMO_ACCOUNTS.market.username)
    const token = await t.tokenFor(DEMO_ACCOUNTS.market.username, DEMO_ACCOUNTS.market.password)
    const created = await t.call<{ accountUsername: string }>('/api/merchants', {
      body: merchantInput(999, { stallNo: 'Z-999' }),
      token,
    })
    expect(created.body.code, created.body.msg).toBe(20000)
    expect(created.body.data.accountUsername).toBe(
      `${DEMO_ACCOUNTS.market.username}-${String((demo?.count ?? 0) + 1).padStart(4, '0')}`,
    )
  })
})

/**
 * The list reads its total from merchant_counts (kept by triggers) and short searches from the
 * search_grams index (migration 0006): on the demo's merchants, both must answer exactly what a plain
 * count and a plain substring match answer.
 */
describe('the merchant list over the demo merchants', () => {
  const official = { role: Role.OFFICIAL, marketId: null }

  /** Every merchant the filters match, in the list's order, by a scan that uses neither. */
  async function scan(filters: { q?: string; category?: string; status?: string; market?: string }, sort: string) {
    const column = { name: merchants.name, createdAt: merchants.createdAt, stallNo: merchants.stallNo }[sort]
    const rows = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(
        and(
          filters.q ? sql`strpos(${merchants.searchText}, lower(${filters.q})) > 0` : undefined,
          filters.category ? eq(merchants.category, filters.category) : undefined,
          filters.status ? eq(merchants.status, filters.status) : undefined,
          filters.market ? eq(merchants.marketId, filters.market) : undefined,
        ),
      )
      .orderBy(asc(column as AnyColumn), asc(merchants.id))
    return rows.map((row) => row.id)
  }

  async function listAll(filters: Parameters<typeof scan>[0], sort: 'name' | 'createdAt' | 'stallNo') {
    const ids: string[] = []
    let total = -1
    for (let page = 1; ; page++) {
      const answer = await listMerchants({ db: t.db }, official, {
        page,
        pageSize: 100,
        sort,
        order: 'asc',
        ...(filters as Partial<MerchantListQuery>),
      })
      if (total !== -1) expect(answer.total).toBe(total)
      total = answer.total
      ids.push(...answer.list.map((item) => item.id))
      if (answer.list.length < 100) return { ids, total }
    }
  }

  it('answers searches of every length, filters and sorts as a scan does', async () => {
    const [market] = await perMarket().then((rows) => rows.filter((row) => row.count > 0))
    // Surnames, given names, a shop word, ASCII (stall, phone, account), a mixed stall piece, misses.
    const searches = [
      undefined,
      '王',
      '李',
      '秀英',
      '建国',
      '鲜',
      '蔬菜',
      '老王',
      'a-0',
      'A-01',
      '138',
      '0314888-00',
      '1',
      '-',
      '%',
      '_',
      '无此人',
      'Z',
    ]
    let compared = 0
    let found = 0
    for (const q of searches)
      for (const category of [undefined, 'vegetables'])
        for (const status of [undefined, 'left'])
          for (const marketId of [undefined, market?.marketId]) {
            const filters = {
              ...(q === undefined ? {} : { q }),
              ...(category ? { category } : {}),
              ...(status ? { status } : {}),
              ...(marketId ? { market: marketId } : {}),
            }
            const sort = (['name', 'createdAt', 'stallNo'] as const)[compared % 3] as 'name'
            const expected = await scan(filters, sort)
            const listed = await listAll(filters, sort)
            expect(listed.total, JSON.stringify(filters)).toBe(expected.length)
            expect(listed.ids, JSON.stringify(filters)).toEqual(expected)
            compared++
            if (expected.length > 0) found++
          }
    expect(compared).toBe(searches.length * 8)
    // Most combinations find someone (the misses are meant to miss).
    expect(found).toBeGreaterThan(compared / 2)
  })

  it('keeps merchant_counts equal to a count of merchants through registrations, departures, edits and deletions', async () => {
    const counted = async () => {
      const kept = await t.db
        .select()
        .from(merchantCounts)
        .where(sql`${merchantCounts.n} <> 0`)
      const n = sql<number>`count(*)::int`
      const actual = [
        ...(await t.db
          .select({ marketId: merchants.marketId, category: merchants.category, status: merchants.status, n })
          .from(merchants)
          .groupBy(merchants.marketId, merchants.category, merchants.status)),
        // Every market together, under the nil uuid.
        ...(await t.db
          .select({ marketId: sql<string>`${ALL_MARKETS}`, category: merchants.category, status: merchants.status, n })
          .from(merchants)
          .groupBy(merchants.category, merchants.status)),
      ]
      const key = (row: { marketId: string; category: string; status: string }) =>
        `${row.marketId} ${row.category} ${row.status}`
      const byKey = (rows: { marketId: string; category: string; status: string; n: number }[]) =>
        Object.fromEntries(rows.map((row) => [key(row), row.n]))
      expect(byKey(kept)).toEqual(byKey(actual))
    }
    await counted()
    const token = await t.tokenFor(DEMO_ACCOUNTS.market.username, DEMO_ACCOUNTS.market.password)
    const created = await t.call<{ id: string }>('/api/merchants', {
      body: merchantInput(998, { stallNo: 'Z-998', category: 'fruit' }),
      token,
    })
    expect(created.body.code, created.body.msg).toBe(20000)
    const id = created.body.data.id
    expect((await t.call(`/api/merchants/${id}/leave`, { token })).body.code).toBe(20000)
    await counted()
    expect((await t.call(`/api/merchants/${id}/return`, { token })).body.code).toBe(20000)
    const edited = await t.call(`/api/merchants/${id}`, {
      method: 'PUT',
      body: merchantInput(998, { stallNo: 'Z-998', category: 'meat' }),
      token,
    })
    expect(edited.body.code, edited.body.msg).toBe(20000)
    await counted()
    // Several rows in one statement, and rows gone.
    await t.db.update(merchants).set({ category: 'other' }).where(eq(merchants.category, 'aquatic'))
    await counted()
    await t.db.delete(merchants).where(eq(merchants.id, id))
    await counted()
  })
})
