import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gte, sql } from 'drizzle-orm'
import { TRANSACTION_ID } from '../../contract/transactions'
import { merchantDayStats, transactions } from '../../server/db/schema'
import {
  deviceCall,
  payment,
  refund,
  sendEvents,
  today,
  withDevice,
  withMerchant,
  withTradingWorld,
  yesterday,
} from '../helpers/devices'
import { withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The dashboard's figures on a known fixture (issue 10): each equals what the rows say, with refunds,
 * Asia/Shanghai midnights and scope. The test clock stands at 2026-11-01 10:00 in Shanghai.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>

let t: TestApp
let official: string
let a: Operator
let b: Operator
let m1: string
let m2: string

beforeAll(async () => {
  t = await createTestApp()
  const world = await withTradingWorld(t)
  ;({ official, a, b, m1, m2 } = world)
  const { t1, t2, t3 } = world
  const counter = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: '东门' })
  const tester = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: '检测室' })
  const send = (device: { code: string; secret: string }, events: unknown[]) => sendEvents(t, device, events)
  await send(t1, [
    payment('a', 1000, today('09:30:00')),
    payment('b', 500, today('00:00:00')),
    payment('c', 700, yesterday('23:59:59')),
    refund('r', 'a', 200, today('09:40:00')),
  ])
  await send(t2, [
    payment('a', 3000, today('09:50:00'), 'alipay'),
    payment('b', 400, yesterday('09:00:00')),
    payment('c', 900, yesterday('11:00:00')),
  ])
  await send(t3, [payment('a', 9999, today('09:00:00'))])
  await send(counter, [
    { id: 'p1', type: 'passenger_count', periodStart: today('09:20:00'), periodSeconds: 60, in: 5, out: 2 },
    { id: 'p2', type: 'passenger_count', periodStart: today('09:25:00'), periodSeconds: 60, in: 3, out: 1 },
  ])
  await send(tester, [
    {
      id: 't1',
      type: 'pesticide_test',
      produce: '青菜',
      stallNo: 'A-1',
      inhibitionPct: 62.5,
      result: 'fail',
      testedAt: today('09:45:00'),
    },
  ])
})
afterAll(async () => {
  await t.close()
})

const api = () => typedApi(t.call)

describe('dashboard', () => {
  it("gives today's figures against yesterday at the same time, refunds apart", async () => {
    const answer = await api()('/dashboard/today', '$get', { query: {} }, { token: a.token })
    expect(answer.body.data.today).toEqual({ paymentFen: 4500, payments: 3, refunds: 1, refundFen: 200 })
    expect(answer.body.data.yesterday).toEqual({ paymentFen: 400, payments: 1, refunds: 0, refundFen: 0 })
    expect(answer.body.data).toMatchObject({ onlineDevices: 4, boundDevices: 4 })
  })

  it('adds every market for an OFFICIAL without a market, and equals the rows', async () => {
    const all = await api()('/dashboard/today', '$get', { query: {} }, { token: official })
    expect(all.body.data.today).toEqual({ paymentFen: 14_499, payments: 4, refunds: 1, refundFen: 200 })
    const [rows] = await t.db
      .select({ fen: sql<number>`sum(${transactions.amountFen})`.mapWith(Number) })
      .from(transactions)
      .where(and(eq(transactions.type, 'payment'), gte(transactions.occurredAt, new Date('2026-10-31T16:00:00Z'))))
    expect(rows!.fen).toBe(14_499)
  })

  it('holds an operator to its own market whatever the query says', async () => {
    const answer = await api()('/dashboard/today', '$get', { query: { market: a.marketId } }, { token: b.token })
    expect(answer.body.data.today.paymentFen).toBe(9999)
    const ranking = await api()('/dashboard/ranking', '$get', { query: { market: a.marketId } }, { token: b.token })
    expect(ranking.body.data.map((row) => row.paymentFen)).toEqual([9999])
  })

  it('splits days at Shanghai midnight over the last 30 days', async () => {
    const answer = await api()('/dashboard/daily', '$get', { query: {} }, { token: a.token })
    expect(answer.body.data).toHaveLength(30)
    expect(answer.body.data.at(-1)).toEqual({ day: '2026-11-01', paymentFen: 4500, payments: 3 })
    expect(answer.body.data.at(-2)).toEqual({ day: '2026-10-31', paymentFen: 2000, payments: 3 })
  })

  it('ranks merchants by takings and by orders over a period', async () => {
    const byAmount = await api()('/dashboard/ranking', '$get', { query: { period: 'today' } }, { token: a.token })
    expect(byAmount.body.data.map((row) => [row.merchantId, row.paymentFen])).toEqual([
      [m2, 3000],
      [m1, 1500],
    ])
    const byOrders = await api()(
      '/dashboard/ranking',
      '$get',
      { query: { period: 'today', metric: 'orders' } },
      { token: a.token },
    )
    expect(byOrders.body.data.map((row) => [row.merchantId, row.payments])).toEqual([
      [m1, 2],
      [m2, 1],
    ])
    const week = await api()('/dashboard/ranking', '$get', { query: { period: '7d' } }, { token: a.token })
    expect(week.body.data.map((row) => [row.merchantId, row.paymentFen])).toEqual([
      [m2, 4300],
      [m1, 2200],
    ])
  })

  it('counts passengers per 10 minutes, the hour per minute and today by method', async () => {
    const flow = await api()('/dashboard/passengers', '$get', { query: {} }, { token: a.token })
    expect(flow.body.data).toHaveLength(61)
    expect(flow.body.data.find((slot) => slot.time === '2026-11-01 09:20:00')).toEqual({
      time: '2026-11-01 09:20:00',
      in: 8,
      out: 3,
    })
    const minutes = await api()('/dashboard/minutes', '$get', { query: {} }, { token: a.token })
    expect(minutes.body.data).toHaveLength(60)
    expect(minutes.body.data.at(-1)?.time).toBe('2026-11-01 10:00:00')
    expect(
      minutes.body.data.filter((point) => point.paymentFen > 0).map((point) => [point.time, point.paymentFen]),
    ).toEqual([
      ['2026-11-01 09:30:00', 1000],
      ['2026-11-01 09:50:00', 3000],
    ])
    const methods = await api()('/dashboard/methods', '$get', { query: {} }, { token: a.token })
    expect(methods.body.data.filter((row) => row.payments > 0)).toEqual([
      { method: 'wechat', paymentFen: 1500, payments: 2 },
      { method: 'alipay', paymentFen: 3000, payments: 1 },
    ])
  })

  it('lists the latest transactions and tests of the scope, newest first', async () => {
    const latest = await api()('/dashboard/transactions', '$get', { query: {} }, { token: a.token })
    expect(latest.body.data.slice(0, 3).map((row) => [row.type, row.amountFen, row.time])).toEqual([
      ['payment', 3000, '2026-11-01 09:50:00'],
      ['refund', 200, '2026-11-01 09:40:00'],
      ['payment', 1000, '2026-11-01 09:30:00'],
    ])
    expect(latest.body.data.every((row) => row.amountFen !== 9999)).toBe(true)
    // Each row names its page (the Workplace links it): the same payment there.
    const first = latest.body.data[0]!
    expect(first.transactionId).toMatch(TRANSACTION_ID)
    const page = await t.call<{ eventId: string; amountFen: number }>(`/api/transactions/${first.transactionId}`, {
      method: 'GET',
      token: a.token,
    })
    expect(page.body.data).toMatchObject({ eventId: first.id, amountFen: 3000 })
    const tests = await api()('/dashboard/tests', '$get', { query: {} }, { token: a.token })
    // The device's own event id, as the live stream sends it.
    expect(tests.body.data).toMatchObject([
      { id: 't1', produce: '青菜', stallNo: 'A-1', marketName: '测试农贸市场 1', inhibitionPct: 62.5, result: 'fail' },
    ])
    const otherTests = await api()('/dashboard/tests', '$get', { query: {} }, { token: b.token })
    expect(otherTests.body.data).toEqual([])
  })

  it("names each latest transaction's market for an OFFICIAL over every market (stall numbers repeat)", async () => {
    const latest = await api()('/dashboard/transactions', '$get', { query: {} }, { token: official })
    const byMarket = (amountFen: number) => latest.body.data.find((row) => row.amountFen === amountFen)?.marketName
    expect([byMarket(3000), byMarket(9999)]).toEqual(['测试农贸市场 1', '测试农贸市场 2'])
  })

  it('counts devices offline two minutes after they were last seen', async () => {
    t.time.advance(3 * 60_000)
    const answer = await api()('/dashboard/today', '$get', { query: {} }, { token: a.token })
    expect(answer.body.data).toMatchObject({ onlineDevices: 0, boundDevices: 4 })
  })

  it("ranks every market's merchants for an OFFICIAL, the platform's today kept 10 s and 7 days a minute; its devices kept 5 s", async () => {
    const ranked = async (period: '7d' | 'today') =>
      (await api()('/dashboard/ranking', '$get', { query: { period } }, { token: official })).body.data.map(
        (row) => row.paymentFen,
      )
    const platformDevices = async () =>
      (await api()('/dashboard/today', '$get', { query: {} }, { token: official })).body.data.boundDevices
    expect(await ranked('7d')).toEqual([9999, 4300, 2200])
    expect(await ranked('today')).toEqual([9999, 3000, 1500])
    const platformOrders = await api()(
      '/dashboard/ranking',
      '$get',
      { query: { period: 'today', metric: 'orders' } },
      { token: official },
    )
    expect(platformOrders.body.data[0]).toMatchObject({ merchantId: m1, payments: 2 })
    expect(platformOrders.body.data.map((row) => row.payments)).toEqual([2, 1, 1])
    expect(await platformDevices()).toBe(5)
    // A new market's merchant takes the lead.
    const c = await withOperator(t, { token: official }, 3)
    const merchant = await withMerchant(t, c.token, 4)
    const terminal = await withDevice(t, c.token, { kind: 'payment_terminal', merchantId: merchant })
    const sent = await deviceCall(t, terminal, '/events', { events: [payment('lead', 20000, today('10:04:00'))] })
    expect(sent.body.code).toBe(20000)
    // A market's ranking and devices are read live; the platform's as kept until they are old.
    const theirs = await api()('/dashboard/ranking', '$get', { query: { period: 'today' } }, { token: c.token })
    expect(theirs.body.data.map((row) => row.paymentFen)).toEqual([20000])
    expect(await ranked('today')).toEqual([9999, 3000, 1500])
    expect(await ranked('7d')).toEqual([9999, 4300, 2200])
    expect(await platformDevices()).toBe(5)
    t.time.advance(5_001)
    // Old but not too old: served at once, the new count made behind it.
    await expect.poll(platformDevices).toBe(6)
    t.time.advance(5_000)
    await expect.poll(() => ranked('today')).toEqual([20000, 9999, 3000, 1500])
    expect(await ranked('7d')).toEqual([9999, 4300, 2200])
    t.time.advance(50_000)
    await expect.poll(() => ranked('7d')).toEqual([20000, 9999, 4300, 2200])
  })
  it('ranks the top ten by takings and the top ten by orders each on its own, from one sum', async () => {
    const d = await withOperator(t, { token: official }, 5)
    const ids: string[] = []
    for (let n = 1; n <= 12; n++) ids.push(await withMerchant(t, d.token, 100 + n))
    // Takings rise with n, orders fall with it: the two top tens share only eight merchants.
    await t.db.insert(merchantDayStats).values(
      ids.map((merchantId, i) => ({
        merchantId,
        marketId: d.marketId,
        day: '2026-10-30',
        paymentFen: (i + 1) * 100,
        payments: 13 - (i + 1),
      })),
    )
    const ranking = async (metric: 'amount' | 'orders') =>
      (await api()('/dashboard/ranking', '$get', { query: { period: '7d', metric } }, { token: d.token })).body.data
    const byAmount = await ranking('amount')
    expect(byAmount.map((row) => row.merchantId)).toEqual(ids.slice(2).reverse())
    expect(byAmount.map((row) => row.paymentFen)).toEqual([1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300])
    const byOrders = await ranking('orders')
    expect(byOrders.map((row) => row.merchantId)).toEqual(ids.slice(0, 10))
    expect(byOrders.map((row) => row.payments)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    expect(byOrders[0]).toMatchObject({ paymentFen: 100, marketName: expect.any(String), stallNo: expect.any(String) })
  })
})
