import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { AuditList } from '../../contract/audit'
import { MarketFieldsSchema, type Market, type MarketList } from '../../contract/markets'
import { DEMO_ACCOUNTS, seedDemo } from '../../server/demo/seed/demo'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
let official: string

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
  official = await t.tokenFor(DEMO_ACCOUNTS.official.username, DEMO_ACCOUNTS.official.password)
})
afterAll(async () => {
  await t.close()
})

describe('demo markets', () => {
  it('are complete registrations the form itself would accept, each with an account that signs in', async () => {
    const listed = await t.call<MarketList>('/api/markets?pageSize=100&sort=accountUsername&order=asc', {
      method: 'GET',
      token: official,
    })
    expect(listed.body.data.total).toBeGreaterThanOrEqual(23)
    for (const item of listed.body.data.list) {
      const detail = await t.call<Market>(`/api/markets/${item.id}`, { method: 'GET', token: official })
      const parsed = v.safeParse(MarketFieldsSchema, detail.body.data)
      expect(
        parsed.issues?.map((issue) => `${item.accountUsername}: ${v.getDotPath(issue)} ${issue.message}`) ?? [],
      ).toEqual([])
    }
    const accounts = listed.body.data.list.map((m) => m.accountUsername)
    expect(new Set(accounts).size).toBe(accounts.length)
    expect(accounts).toContain(DEMO_ACCOUNTS.market.username)
    for (const username of [DEMO_ACCOUNTS.market.username, accounts.at(-1) as string]) {
      expect((await t.login(username, 'Market123')).body.code, username).toBe(20000)
    }
  })

  it('start the operation log: OFFICIAL registered each of them', async () => {
    const markets = await t.call<MarketList>('/api/markets?pageSize=100', { method: 'GET', token: official })
    const log = await t.call<AuditList>('/api/audit?area=market&action=register&pageSize=100', {
      method: 'GET',
      token: official,
    })
    expect(log.body.code).toBe(20000)
    const registered = log.body.data.list.map((entry) => entry.record.id).sort()
    expect(registered).toEqual(markets.body.data.list.map((market) => market.id).sort())
    expect(new Set(log.body.data.list.map((entry) => entry.actor?.username))).toEqual(
      new Set([DEMO_ACCOUNTS.official.username]),
    )
  })
})
