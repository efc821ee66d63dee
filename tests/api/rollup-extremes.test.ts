import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchResult, RejectedEvent } from '../../contract/device-api'
import { rowsOf } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'
import { dataException } from '../../server/lib/db-errors'
import { MAX_FIGURE, pipelined, RollupDelta, rollupStatements } from '../../server/device-api/rollups'
import { deviceCall, passengers, payment, pesticideTest, refund, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { ROLLUP_FIGURES } from '../../server/statements/nightly-check'

/**
 * One market's rollups at the 64-bit limit (issue 21): reaching it through the API would take billions
 * of events, so the test sets market A's rows (and the platform's) just below it in the database, then
 * ingests through the API. A's batch that would pass the limit is refused whole with a reason, B's
 * devices ingest that day as ever, the platform's figures stop at the cap, and no dashboard route
 * answers 500. The test clock stands at 2026-11-01 10:00 in Shanghai.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = { code: string; secret: string }

const MAX = BigInt(MAX_FIGURE)
/** Where A's rows are set: one more fen, order or person passes the limit. */
const NEAR = MAX - 1n
const FIGURES = [...ROLLUP_FIGURES]

let t: TestApp
let official: string
let a: Operator
let b: Operator
let merchantA: string
let merchantB: string
const devices: Record<'terminalA' | 'counterA' | 'testerA' | 'terminalB' | 'counterB' | 'testerB', Device> = {} as never

const today = (time: string) => `2026-11-01T${time}+08:00`
const yesterday = (time: string) => `2026-10-31T${time}+08:00`

const send = <T = BatchResult>(device: Device, events: unknown[]) => deviceCall<T>(t, device, '/events', { events })

async function accepted(device: Device, events: unknown[]) {
  const answer = await send(device, events)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.data.accepted).toHaveLength(events.length)
}

/** A market's rollup rows and stored events, every figure as exact text. */
async function storedFor(marketId: string) {
  const text = (table: string, columns: string[], order: string) =>
    sql.raw(
      `(select coalesce(json_agg(json_build_array(${[order, ...columns].map((c) => `${c}::text`).join(', ')}) order by ${order}), '[]')::text from ${table} where market_id = '${marketId}')`,
    )
  const [row] = rowsOf<Record<string, string>>(
    await t.db.execute(sql`select
      ${text('market_day_stats', FIGURES, 'day')} as day,
      ${text('market_minute_stats', FIGURES, 'minute')} as minute,
      ${text('merchant_day_stats', ['payments', 'payment_fen', 'refunds', 'refund_fen'], 'day')} as merchant,
      ${text('method_day_stats', ['payments', 'payment_fen'], 'day, method')} as method,
      (select count(*)::text from device_events where market_id = ${marketId}) as ledger,
      (select coalesce(sum(refunded_fen), 0)::text from device_events where market_id = ${marketId}) as refunded,
      (select count(*)::text from messages) as messages,
      (select count(*)::text from transactions where market_id = ${marketId}) as transactions,
      (select count(*)::text from passenger_counts where market_id = ${marketId}) as counts,
      (select count(*)::text from pesticide_tests where market_id = ${marketId}) as tests`),
  )
  return row
}

/** The platform's day row for today, exact. */
async function platformToday() {
  const [row] = rowsOf<Record<string, string>>(
    await t.db.execute(
      sql.raw(
        `select ${FIGURES.map((c) => `${c}::text`).join(', ')} from market_day_stats where market_id = '${ALL_MARKETS}' and day = '2026-11-01'`,
      ),
    ),
  )
  return row
}

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  merchantA = await withMerchant(t, a.token, 1)
  merchantB = await withMerchant(t, b.token, 2)
  devices.terminalA = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
  devices.counterA = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: '东门' })
  devices.testerA = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: '检测室' })
  devices.terminalB = await withDevice(t, b.token, { kind: 'payment_terminal', merchantId: merchantB })
  devices.counterB = await withDevice(t, b.token, { kind: 'passenger_counter', stallNo: '西门' })
  devices.testerB = await withDevice(t, b.token, { kind: 'pesticide_tester', stallNo: '检测室' })
  // A's rows for today and yesterday (two minutes of it, so yesterday's sum passes the limit), made
  // through the API, then set just below the limit, the platform's with them.
  await accepted(devices.terminalA, [
    payment('seed', 100, today('09:30:00')),
    refund('seed-r', 'seed', 10, today('09:30:30')),
    payment('seed-y1', 100, yesterday('09:30:00')),
    payment('seed-y2', 100, yesterday('09:31:00')),
  ])
  await accepted(devices.counterA, [passengers('seed', 1, 1, today('09:30:00'))])
  await accepted(devices.testerA, [pesticideTest('seed', today('09:30:00'), 'pass')])
  const near = (columns: string[]) => columns.map((c) => `${c} = ${NEAR}`).join(', ')
  const markets = `market_id in ('${a.marketId}', '${ALL_MARKETS}')`
  await t.db.execute(sql.raw(`update market_day_stats set ${near(FIGURES)} where ${markets}`))
  await t.db.execute(sql.raw(`update market_minute_stats set ${near(FIGURES)} where ${markets}`))
  await t.db.execute(
    sql.raw(`update merchant_day_stats set ${near(['payments', 'payment_fen', 'refunds', 'refund_fen'])}
      where market_id = '${a.marketId}'`),
  )
  await t.db.execute(sql.raw(`update method_day_stats set ${near(['payments', 'payment_fen'])} where ${markets}`))
})
afterAll(async () => {
  await t.close()
})

describe("a market's totals at the 64-bit limit", () => {
  it.each([
    ['a payment', 'terminalA', [payment('over-1', 1000, today('09:30:10')), payment('fine', 1, yesterday('08:00:00'))]],
    ['a refund', 'terminalA', [refund('over-2', 'seed', 90, today('09:40:00'))]],
    ['a passenger count', 'counterA', [passengers('over-3', 50, 0, today('09:31:00'))]],
    [
      'two tests',
      'testerA',
      [pesticideTest('over-4', today('09:35:00'), 'fail', 62.5), pesticideTest('over-5', today('09:36:00'), 'pass')],
    ],
  ] as const)(
    'refuse %s batch that would pass it whole, every event named, nothing stored',
    async (_label, name, events) => {
      const before = await storedFor(a.marketId)
      const answer = await send<{ rejected: RejectedEvent[] }>(devices[name], [...events])
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(40000)
      expect(answer.body.data.rejected.map((event) => [event.index, event.id, event.reason])).toEqual(
        events.map((event, index) => [index, event.id, 'total_too_large']),
      )
      expect(answer.body.data.rejected[0]?.message).toBe(
        "The market's total for that day cannot take more: nothing of the batch was stored. Keep its events.",
      )
      expect(await storedFor(a.marketId)).toEqual(before)
    },
  )

  it("says so in the caller's language", async () => {
    const answer = await deviceCall<{ rejected: RejectedEvent[] }>(
      t,
      devices.terminalA,
      '/events',
      { events: [payment('over-zh', 1000, today('09:30:10'))] },
      { locale: 'zh-CN' },
    )
    expect(answer.body.data.rejected[0]?.message).toBe(
      '该市场当天的累计数已达上限，无法再增加：本批次未保存，请保留这些事件。',
    )
  })

  it("take A's events for a day with room", async () => {
    await accepted(devices.terminalA, [payment('earlier', 1000, '2026-08-01T09:00:00+08:00')])
  })

  it("never stop B's devices that day; B's figures are right and the platform's stop at the cap", async () => {
    const before = { ...(await storedFor(a.marketId)), messages: undefined }
    await accepted(devices.terminalB, [
      payment('b1', 2500, today('09:30:00')),
      payment('b2', 1500, today('09:31:00'), 'alipay'),
      refund('b3', 'b1', 500, today('09:32:00')),
    ])
    await accepted(devices.counterB, [passengers('b4', 7, 3, today('09:30:00'))])
    await accepted(devices.testerB, [pesticideTest('b5', today('09:30:00'), 'fail', 62.5)])
    const today_ = await t.call<{ today: unknown }>(`/api/dashboard/today?market=${b.marketId}`, {
      method: 'GET',
      token: official,
    })
    expect(today_.body.data.today).toEqual({ paymentFen: 4000, payments: 2, refunds: 1, refundFen: 500 })
    const flow = await t.call<{ in: number; out: number }[]>('/api/dashboard/passengers', {
      method: 'GET',
      token: b.token,
    })
    expect(flow.body.data.reduce((sum, slot) => [sum[0]! + slot.in, sum[1]! + slot.out], [0, 0])).toEqual([7, 3])
    const ranking = await t.call<{ merchantId: string; paymentFen: number }[]>('/api/dashboard/ranking', {
      method: 'GET',
      token: b.token,
    })
    expect(ranking.body.data.map((row) => [row.merchantId, row.paymentFen])).toEqual([[merchantB, 4000]])
    expect(await platformToday()).toEqual(Object.fromEntries(FIGURES.map((c) => [c, MAX_FIGURE])))
    // B's failed test wrote notices; A's rows are as they were.
    expect({ ...(await storedFor(a.marketId)), messages: undefined }).toEqual(before)
  })

  it('answers every dashboard route for A, B and all markets, never a 500', async () => {
    const routes = [
      'today',
      'daily',
      'passengers',
      'minutes',
      'methods',
      'transactions',
      'tests',
      ...['today', '7d', '30d'].flatMap((period) =>
        ['amount', 'orders'].map((metric) => `ranking?period=${period}&metric=${metric}`),
      ),
    ]
    const callers = [
      { token: a.token, market: null },
      { token: b.token, market: null },
      { token: official, market: a.marketId },
      { token: official, market: b.marketId },
      { token: official, market: null },
    ]
    for (const caller of callers)
      for (const route of routes) {
        const market = caller.market ? `${route.includes('?') ? '&' : '?'}market=${caller.market}` : ''
        const answer = await t.call(`/api/dashboard/${route}${market}`, { method: 'GET', token: caller.token })
        expect([route, caller.market, answer.status, (answer.body as { code: number }).code]).toEqual([
          route,
          caller.market,
          200,
          20000,
        ])
      }
  })

  it("reads sums past the limit as numbers: A's yesterday and the platform's 30-day ranking", async () => {
    // Two minutes of yesterday, each just below the limit: their sum passes it.
    const a_ = await t.call<{ today: { paymentFen: number }; yesterday: { paymentFen: number } }>(
      '/api/dashboard/today',
      { method: 'GET', token: a.token },
    )
    expect(a_.body.data.today.paymentFen).toBe(Number(NEAR))
    expect(a_.body.data.yesterday.paymentFen).toBe(2 * Number(NEAR))
    // A's merchant holds today's and yesterday's rows near the limit (and a day with room).
    const ranking = await t.call<{ merchantId: string; paymentFen: number; payments: number }[]>(
      '/api/dashboard/ranking?period=30d',
      { method: 'GET', token: official },
    )
    expect(ranking.body.data[0]).toMatchObject({ merchantId: merchantA, paymentFen: 2 * Number(NEAR) })
    expect(ranking.body.data[1]).toMatchObject({ merchantId: merchantB, paymentFen: 4000 })
  })
})

describe('the platform rows add saturating, a market row plainly', () => {
  it('stops a platform figure at 2^63 - 1 and refuses a market figure past it (22003)', async () => {
    const market = randomUUID()
    const day = '2031-01-01'
    await t.db.execute(
      sql.raw(`insert into market_day_stats (market_id, day, payments, payment_fen) values
        ('${ALL_MARKETS}', '${day}', ${MAX - 10n}, ${MAX - 10n}), ('${market}', '${day}', 0, 0)`),
    )
    const delta = new RollupDelta()
    delta.marketDay.add({ marketId: market, day }, { payments: 100, paymentFen: 5_000_000_000 })
    await t.db.transaction((tx) => pipelined(tx, rollupStatements(delta)))
    const read = async (id: string) =>
      rowsOf<{ payments: string; payment_fen: string }>(
        await t.db.execute(
          sql`select payments::text, payment_fen::text from market_day_stats where market_id = ${id} and day = ${day}`,
        ),
      )[0]
    expect(await read(ALL_MARKETS)).toEqual({ payments: MAX_FIGURE, payment_fen: MAX_FIGURE })
    expect(await read(market)).toEqual({ payments: '100', payment_fen: '5000000000' })
    // The market's own row near the limit: the same delta is an error, and nothing of it stays.
    await t.db.execute(sql.raw(`update market_day_stats set payment_fen = ${MAX - 10n} where market_id = '${market}'`))
    const failed = await t.db
      .transaction((tx) => pipelined(tx, rollupStatements(delta)))
      .catch((error: unknown) => error)
    expect(dataException(failed)).toBe('22003')
    expect(await read(market)).toEqual({ payments: '100', payment_fen: String(MAX - 10n) })
  })
})
