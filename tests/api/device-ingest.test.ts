import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_AMOUNT_FEN,
  MAX_BATCH_EVENTS,
  MAX_CLOCK_AHEAD_MS,
  MAX_EVENT_AGE_MS,
  MAX_INHIBITION_PCT,
  MAX_PASSENGER_COUNT,
  MAX_PASSENGERS_PER_SECOND,
  MAX_PERIOD_SECONDS,
  maxPassengersFor,
  PAYMENT_METHODS,
} from '../../contract/device-api'
import {
  deviceEvents,
  devices,
  marketDayStats,
  marketMinuteStats,
  markets,
  merchantDayStats,
  messages,
  methodDayStats,
  passengerCounts,
  pesticideTests,
  transactions,
  users,
} from '../../server/db/schema'
import { makeDayPartitions } from '../../server/device-api/partitions'
import {
  basicAuth,
  deviceCall,
  passengers,
  payment,
  pesticideTest,
  refund,
  withDevice,
  withMerchant,
} from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { expectRollupsEqualRows } from '../helpers/rollup-check'
import { createTestApp, type Answer, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The device API's ingest (issue 9): every validation rule, reported by id and reason with nothing
 * stored; refunds never above what was paid; the rollups equal to sums over the rows after a random
 * mix of events; notices of failed tests; one answer for every refused credential; the throttle.
 */

type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = Awaited<ReturnType<typeof withDevice>>
type Batch = { accepted: string[]; duplicates: string[] }
type Rejection = { index: number; id: string | null; reason: string; message: string }
type Rejected = { rejected: Rejection[] }

let t: TestApp
let official: { uk: string; token: string }
let official2: { uk: string; token: string }
let a: Operator
let b: Operator
let merchantA1: string
let merchantA2: string
let merchantB1: string
/** Market A: two merchants' terminal and scale, a gate counter, a tester; market B: a terminal. */
let terminal: Device
let scale: Device
let counter: Device
let tester: Device
let terminalB: Device

/** The test clock's now until the throttle tests at the end move it: 2026-11-01 10:00 in Shanghai. */
const NOW = new Date('2026-11-01T02:00:00Z')
const AT = '2026-11-01T09:30:00+08:00'
/** An instant `ms` after now, as ISO text in UTC. */
const fromNow = (ms: number) => new Date(t.time.clock().getTime() + ms).toISOString()
/** The same instant written in Shanghai time (+08:00). */
const inShanghai = (instant: Date) => new Date(instant.getTime() + 8 * 3600_000).toISOString().replace('Z', '+08:00')

let serial = 0
const nextId = (prefix = 'e') => `${prefix}${++serial}`

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  official2 = await withOfficial(t)
  a = await withOperator(t, official, 1)
  b = await withOperator(t, official, 2)
  merchantA1 = await withMerchant(t, a.token, 1)
  merchantA2 = await withMerchant(t, a.token, 2)
  merchantB1 = await withMerchant(t, b.token, 3)
  terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA1 })
  scale = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA2 })
  counter = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'EAST-GATE' })
  tester = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
  terminalB = await withDevice(t, b.token, { kind: 'payment_terminal', merchantId: merchantB1 })
  // What the server's background job does (ingest makes none): the days around the test clock's.
  await makeDayPartitions(t.db, '2026-10-25', '2026-11-08')
})
afterAll(async () => {
  await t.close()
})

const send = <T = Batch>(device: { code: string; secret: string }, events: unknown[], locale?: string) =>
  deviceCall<T>(t, device, '/events', { events }, locale ? { locale } : {})
const reasons = (answer: Answer<Rejected>) => answer.body.data.rejected.map((r) => [r.index, r.id, r.reason])

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
async function query<T = Record<string, unknown>>(text: SQL): Promise<T[]> {
  return rows<T>(await t.db.execute(text))
}

/** Everything ingest writes, counted and summed: a refused batch must leave it as it was. */
async function stored() {
  const n = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n
  const figures = sql`coalesce(sum(payments + payment_fen + refunds + refund_fen), 0)::text`
  const all = sql`coalesce(sum(payments + payment_fen + refunds + refund_fen + passengers_in + passengers_out + tests + tests_failed), 0)::text`
  const [sums] = await query(sql`select
      (select coalesce(sum(refunded_fen), 0)::text from device_events) as refunded,
      (select ${all} from market_minute_stats) as minute,
      (select ${all} from market_day_stats) as day,
      (select ${figures} from merchant_day_stats) as merchant,
      (select coalesce(sum(payments + payment_fen), 0)::text from method_day_stats) as method`)
  return {
    ledger: await n(deviceEvents),
    transactions: await n(transactions),
    passengers: await n(passengerCounts),
    tests: await n(pesticideTests),
    messages: await n(messages),
    sums,
  }
}

const DEVICES = () => ({ terminal, scale, counter, tester, terminalB })
type DeviceName = keyof ReturnType<typeof DEVICES>

/** A valid event for each kind, to send beside a bad one: the batch must be refused whole. */
const validFor = (name: DeviceName) =>
  name === 'counter'
    ? passengers(nextId('ok'), 3, 1, AT)
    : name === 'tester'
      ? pesticideTest(nextId('ok'), AT, 'pass')
      : payment(nextId('ok'), 100, AT)

const pay = (over: Record<string, unknown> = {}) => ({ ...payment('bad', 100, AT), ...over })
const ref = (over: Record<string, unknown> = {}) => ({ ...refund('bad', 'some-payment', 100, AT), ...over })
const count_ = (over: Record<string, unknown> = {}) => ({ ...passengers('bad', 1, 1, AT), ...over })
const test_ = (over: Record<string, unknown> = {}) => ({ ...pesticideTest('bad', AT, 'pass'), ...over })
const without = (event: Record<string, unknown>, key: string) => {
  const { [key]: _gone, ...rest } = event
  return rest
}

/** [what, device, the bad event, reason, the id it is reported under] */
const INVALID: [string, DeviceName, unknown, string, string | null][] = [
  // Ids.
  ['an empty id', 'terminal', pay({ id: '' }), 'event_id', null],
  ['an id with a space', 'terminal', pay({ id: 'p 1' }), 'event_id', 'p 1'],
  ['an id with NUL', 'terminal', pay({ id: 'p\u0000' }), 'event_id', 'p\u0000'],
  ['an id of 65 characters', 'terminal', pay({ id: 'p'.repeat(65) }), 'event_id', null],
  ['an id of 10 KB', 'terminal', pay({ id: 'p'.repeat(10_240) }), 'event_id', null],
  ['an id that is a number', 'terminal', pay({ id: 7 }), 'event_id', null],
  ['no id', 'terminal', without(pay(), 'id'), 'event_id', null],
  // Types.
  ['an unknown type', 'terminal', pay({ type: 'gift' }), 'event_type', 'bad'],
  ['no type', 'terminal', without(pay(), 'type'), 'event_type', 'bad'],
  ['a type in capitals', 'terminal', pay({ type: 'PAYMENT' }), 'event_type', 'bad'],
  ['an event that is text', 'terminal', 'payment', 'event_type', null],
  ['an event that is null', 'terminal', null, 'event_type', null],
  ['an event that is an array', 'terminal', [pay()], 'event_type', null],
  // Amounts.
  ['amount 0', 'terminal', pay({ amountFen: 0 }), 'amount', 'bad'],
  ['a negative amount', 'terminal', pay({ amountFen: -5 }), 'amount', 'bad'],
  ['a fraction of a fen', 'terminal', pay({ amountFen: 12.5 }), 'amount', 'bad'],
  ['amount above 100,000,000', 'terminal', pay({ amountFen: MAX_AMOUNT_FEN + 1 }), 'amount', 'bad'],
  ['amount 1e300', 'terminal', pay({ amountFen: 1e300 }), 'amount', 'bad'],
  ['amount as text', 'terminal', pay({ amountFen: '100' }), 'amount', 'bad'],
  ['amount null', 'terminal', pay({ amountFen: null }), 'amount', 'bad'],
  ['no amount', 'terminal', without(pay(), 'amountFen'), 'amount', 'bad'],
  // Methods.
  ['an unknown method', 'terminal', pay({ method: 'bitcoin' }), 'method', 'bad'],
  ['a method in capitals', 'terminal', pay({ method: 'WECHAT' }), 'method', 'bad'],
  ['no method', 'terminal', without(pay(), 'method'), 'method', 'bad'],
  // Times.
  ['a time without a zone', 'terminal', pay({ paidAt: '2026-11-01T09:30:00' }), 'time', 'bad'],
  ['a day without a time', 'terminal', pay({ paidAt: '2026-11-01' }), 'time', 'bad'],
  ['a time with a space for T', 'terminal', pay({ paidAt: '2026-11-01 09:30:00+08:00' }), 'time', 'bad'],
  ['a zone without minutes', 'terminal', pay({ paidAt: '2026-11-01T09:30:00+08' }), 'time', 'bad'],
  ['an impossible day (2026-02-30)', 'terminal', pay({ paidAt: '2026-02-30T10:00:00+08:00' }), 'time', 'bad'],
  ['an impossible day (2026-04-31)', 'terminal', pay({ paidAt: '2026-04-31T10:00:00Z' }), 'time', 'bad'],
  ['month 13', 'terminal', pay({ paidAt: '2026-13-01T10:00:00Z' }), 'time', 'bad'],
  ['hour 25', 'terminal', pay({ paidAt: '2026-10-31T25:00:00+08:00' }), 'time', 'bad'],
  ['a time as milliseconds', 'terminal', pay({ paidAt: NOW.getTime() }), 'time', 'bad'],
  ['no time', 'terminal', without(pay(), 'paidAt'), 'time', 'bad'],
  // Refunds.
  ['a refund of an empty payment id', 'terminal', ref({ paymentId: '' }), 'event_id', 'bad'],
  ['a refund of amount 0', 'terminal', ref({ amountFen: 0 }), 'amount', 'bad'],
  ['a refund without a zone', 'terminal', ref({ refundedAt: '2026-11-01T09:30:00' }), 'time', 'bad'],
  // Passenger counts.
  ['period 0 s', 'counter', count_({ periodSeconds: 0 }), 'period', 'bad'],
  ['period above an hour', 'counter', count_({ periodSeconds: MAX_PERIOD_SECONDS + 1 }), 'period', 'bad'],
  ['a fractional period', 'counter', count_({ periodSeconds: 1.5 }), 'period', 'bad'],
  ['a period as text', 'counter', count_({ periodSeconds: '60' }), 'period', 'bad'],
  ['a negative count in', 'counter', count_({ in: -1 }), 'count', 'bad'],
  ['a fractional count in', 'counter', count_({ in: 1.5 }), 'count', 'bad'],
  ['a count above 100,000', 'counter', count_({ in: MAX_PASSENGER_COUNT + 1 }), 'count', 'bad'],
  [
    'more than 20 in per second of the period',
    'counter',
    count_({ in: MAX_PASSENGERS_PER_SECOND * 60 + 1, periodSeconds: 60 }),
    'count',
    'bad',
  ],
  ['more than 20 out per second of the period', 'counter', count_({ out: 21, periodSeconds: 1 }), 'count', 'bad'],
  ['a count out as text', 'counter', count_({ out: '3' }), 'count', 'bad'],
  ['no count out', 'counter', without(count_(), 'out'), 'count', 'bad'],
  ['a period start without a zone', 'counter', count_({ periodStart: '2026-11-01T09:30' }), 'time', 'bad'],
  // Pesticide tests.
  ['empty produce', 'tester', test_({ produce: '' }), 'produce', 'bad'],
  ['produce of spaces', 'tester', test_({ produce: '   ' }), 'produce', 'bad'],
  ['produce with NUL', 'tester', test_({ produce: '白\u0000菜' }), 'produce', 'bad'],
  ['produce with a lone surrogate', 'tester', test_({ produce: '\ud800菜' }), 'produce', 'bad'],
  ['produce of 31 characters', 'tester', test_({ produce: '菜'.repeat(31) }), 'produce', 'bad'],
  ['inhibition with two decimals', 'tester', test_({ inhibitionPct: 12.34 }), 'inhibition', 'bad'],
  ['inhibition below 0', 'tester', test_({ inhibitionPct: -0.1 }), 'inhibition', 'bad'],
  ['inhibition above 100', 'tester', test_({ inhibitionPct: MAX_INHIBITION_PCT + 0.1 }), 'inhibition', 'bad'],
  ['inhibition as text', 'tester', test_({ inhibitionPct: '12.5' }), 'inhibition', 'bad'],
  ['an unknown result', 'tester', test_({ result: 'maybe' }), 'result', 'bad'],
  ['a result in capitals', 'tester', test_({ result: 'PASS' }), 'result', 'bad'],
  ['a stall of 21 characters', 'tester', test_({ stallNo: 'S'.repeat(21) }), 'stall', 'bad'],
  ['a stall with NUL', 'tester', test_({ stallNo: 'A-1\u0000' }), 'stall', 'bad'],
  // What the device may send.
  ['a payment from a counter', 'counter', pay(), 'kind_mismatch', 'bad'],
  ['a refund from a tester', 'tester', ref(), 'kind_mismatch', 'bad'],
  ['a passenger count from a terminal', 'terminal', count_(), 'kind_mismatch', 'bad'],
  ['a test from a scale', 'scale', test_(), 'kind_mismatch', 'bad'],
]

describe('every validation rule: the batch is refused, the event named with its reason, nothing stored', () => {
  it.each(INVALID)('%s', async (_label, name, bad, reason, id) => {
    const before = await stored()
    const answer = await send<Rejected>(DEVICES()[name], [validFor(name), bad])
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(40000)
    expect(answer.body.msg).toBe('The batch was refused and nothing was stored: 1 event(s) have errors.')
    expect(reasons(answer)).toEqual([[1, id, reason]])
    expect(answer.body.data.rejected[0]!.message).not.toBe('')
    expect(await stored()).toEqual(before)
  })

  it('times: more than 10 minutes ahead refused, up to 10 accepted, in any zone', async () => {
    const before = await stored()
    const ahead = new Date(t.time.clock().getTime() + MAX_CLOCK_AHEAD_MS + 1_000)
    const answer = await send<Rejected>(terminal, [
      payment('f1', 100, ahead.toISOString()),
      payment('f2', 100, inShanghai(ahead)),
      passengers('f3', 1, 1, ahead.toISOString()),
    ])
    expect(reasons(answer)).toEqual([
      [0, 'f1', 'future'],
      [1, 'f2', 'future'],
      [2, 'f3', 'kind_mismatch'],
    ])
    const late = await send<Rejected>(counter, [passengers('f4', 1, 1, inShanghai(ahead))])
    expect(reasons(late)).toEqual([[0, 'f4', 'future']])
    const tested = await send<Rejected>(tester, [pesticideTest('f5', ahead.toISOString(), 'pass')])
    expect(reasons(tested)).toEqual([[0, 'f5', 'future']])
    expect(await stored()).toEqual(before)
    const justInside = await send(terminal, [payment(nextId('soon'), 100, fromNow(MAX_CLOCK_AHEAD_MS - 1_000))])
    expect(justInside.body.code).toBe(20000)
  })

  it(`times: a backlog up to MAX_EVENT_AGE_MS (${MAX_EVENT_AGE_MS / 86_400_000} days) accepted, older refused`, async () => {
    const oldest = new Date(t.time.clock().getTime() - MAX_EVENT_AGE_MS + 3600_000)
    const accepted = await send(terminal, [payment(nextId('old'), 100, inShanghai(oldest))])
    expect(accepted.body.code).toBe(20000)
    const before = await stored()
    const tooOld = await send<Rejected>(terminal, [payment('ancient', 100, fromNow(-MAX_EVENT_AGE_MS - 60_000))])
    expect(reasons(tooOld)).toEqual([[0, 'ancient', 'too_old']])
    expect(await stored()).toEqual(before)
  })

  it('takes every boundary value that is allowed', async () => {
    const answers = await Promise.all([
      send(terminal, [
        payment(nextId('b'), 1, AT),
        payment(nextId('b'), 100_000_000, '2026-11-01T01:30:00.123456Z'),
        ...PAYMENT_METHODS.map((method) => payment(nextId('b'), 10, AT, method)),
        { ...payment(nextId('b'), 10, AT), id: 'Az09._:-'.padEnd(64, 'x') },
      ]),
      send(counter, [
        passengers(nextId('b'), 0, 0, AT, 1),
        passengers(nextId('b'), 20, 20, AT, 1),
        passengers(nextId('b'), 1_200, 1_200, AT, 60),
        passengers(nextId('b'), 72_000, 72_000, '2026-11-01T01:00:00Z', 3600),
      ]),
      send(tester, [
        pesticideTest(nextId('b'), AT, 'pass', 0),
        pesticideTest(nextId('b'), AT, 'pass', 12.3),
        { ...pesticideTest(nextId('b'), AT, 'pass', 49.9), produce: ` ${'菜'.repeat(30)} `, stallNo: 'S'.repeat(20) },
      ]),
    ])
    for (const answer of answers) expect(answer.body.code, answer.body.msg).toBe(20000)
    const [longest] = await t.db
      .select({ produce: pesticideTests.produce, stallNo: pesticideTests.stallNo })
      .from(pesticideTests)
      .where(eq(pesticideTests.inhibitionPct, 49.9))
    expect(longest).toEqual({ produce: '菜'.repeat(30), stallNo: 'S'.repeat(20) })
  })
})

describe('the batch as a whole', () => {
  it('names every bad event, by index and id, in order, in the caller’s language', async () => {
    const before = await stored()
    const events = [
      payment('g1', 100, AT),
      payment('g2', 0, AT),
      { id: '', type: 'payment', amountFen: 5, method: 'cash', paidAt: AT },
      payment('g3', 100, '2026-11-01T09:30:00'),
      payment('g1', 100, AT),
    ]
    const answer = await send<Rejected>(terminal, events)
    expect(answer.body.msg).toBe('The batch was refused and nothing was stored: 4 event(s) have errors.')
    expect(reasons(answer)).toEqual([
      [1, 'g2', 'amount'],
      [2, null, 'event_id'],
      [3, 'g3', 'time'],
      [4, 'g1', 'duplicate_in_batch'],
    ])
    const inChinese = await send<Rejected>(terminal, events, 'zh-CN')
    expect(reasons(inChinese)).toEqual(reasons(answer))
    expect(inChinese.body.data.rejected[0]!.message).not.toBe(answer.body.data.rejected[0]!.message)
    expect(await stored()).toEqual(before)
  })

  it('refuses an id twice in one batch, even of different types', async () => {
    const answer = await send<Rejected>(terminal, [payment('twice', 100, AT), refund('twice', 'twice', 50, AT)])
    expect(reasons(answer)).toEqual([[1, 'twice', 'duplicate_in_batch']])
  })

  it(`takes ${MAX_BATCH_EVENTS} events, refuses ${MAX_BATCH_EVENTS + 1}, an empty batch and batches of the wrong shape`, async () => {
    const before = await stored()
    const tooMany = Array.from({ length: MAX_BATCH_EVENTS + 1 }, (_, i) => payment(`big-${i}`, 100, AT))
    const refused = await send<{ field: string }[]>(terminal, tooMany)
    expect(refused.body.code).toBe(40000)
    expect(refused.body.data.map((error) => error.field)).toEqual(['events'])
    for (const body of [{ events: [] }, {}, { events: 'x' }, { events: {} }, [], 'events', null]) {
      const answer = await t.call(`/api/device/v1/events`, {
        token: basicAuth(terminal.code, terminal.secret),
        xsrf: false,
        body,
      })
      expect(answer.body.code, JSON.stringify(body)).toBe(40000)
    }
    const notJson = await t.call(`/api/device/v1/events`, {
      token: basicAuth(terminal.code, terminal.secret),
      xsrf: false,
      rawBody: '{"events": [',
    })
    expect(notJson.body.code).toBe(40000)
    expect(await stored()).toEqual(before)
    const full = await send(terminal, tooMany.slice(0, MAX_BATCH_EVENTS))
    expect(full.body.code).toBe(20000)
    expect(full.body.data.accepted).toHaveLength(MAX_BATCH_EVENTS)
  })
})

describe('days and backlog', () => {
  it('a backlog from 3 days ago is accepted and lands in its own day’s and minute’s rollups', async () => {
    const at = '2026-10-29T15:42:10+08:00'
    const [dayBefore] = await t.db
      .select()
      .from(marketDayStats)
      .where(and(eq(marketDayStats.marketId, a.marketId), eq(marketDayStats.day, '2026-10-29')))
    const answer = await send(terminal, [payment(nextId('backlog'), 4321, at), payment(nextId('backlog'), 1000, at)])
    expect(answer.body.code).toBe(20000)
    const [day] = await t.db
      .select()
      .from(marketDayStats)
      .where(and(eq(marketDayStats.marketId, a.marketId), eq(marketDayStats.day, '2026-10-29')))
    expect(day!.payments - (dayBefore?.payments ?? 0)).toBe(2)
    expect(day!.paymentFen - (dayBefore?.paymentFen ?? 0)).toBe(5321)
    const [minute] = await t.db
      .select()
      .from(marketMinuteStats)
      .where(
        and(eq(marketMinuteStats.marketId, a.marketId), eq(marketMinuteStats.minute, new Date('2026-10-29T07:42:00Z'))),
      )
    expect(minute).toMatchObject({ payments: 2, paymentFen: 5321 })
    const [merchantDay] = await t.db
      .select()
      .from(merchantDayStats)
      .where(and(eq(merchantDayStats.merchantId, merchantA1), eq(merchantDayStats.day, '2026-10-29')))
    expect(merchantDay).toMatchObject({ marketId: a.marketId, payments: 2, paymentFen: 5321 })
  })

  it('23:59:59 and 00:00:00 in Shanghai fall on different days (rollups and partitions)', async () => {
    const late = nextId('midnight')
    const early = nextId('midnight')
    const answer = await send(scale, [
      payment(late, 111, '2026-10-30T23:59:59+08:00'),
      // The same instant as 2026-10-31T00:00:00+08:00, written in UTC.
      payment(early, 222, '2026-10-30T16:00:00Z'),
    ])
    expect(answer.body.code).toBe(20000)
    const days = await t.db
      .select({ day: merchantDayStats.day, paymentFen: merchantDayStats.paymentFen })
      .from(merchantDayStats)
      .where(
        and(eq(merchantDayStats.merchantId, merchantA2), inArray(merchantDayStats.day, ['2026-10-30', '2026-10-31'])),
      )
    expect(days.sort((x, y) => x.day.localeCompare(y.day))).toEqual([
      { day: '2026-10-30', paymentFen: 111 },
      { day: '2026-10-31', paymentFen: 222 },
    ])
    const methods = await t.db
      .select({ day: methodDayStats.day, paymentFen: methodDayStats.paymentFen })
      .from(methodDayStats)
      .where(and(eq(methodDayStats.marketId, a.marketId), inArray(methodDayStats.day, ['2026-10-30', '2026-10-31'])))
    expect(methods.map((row) => row.day).sort()).toEqual(['2026-10-30', '2026-10-31'])
    // Each row sits in its Shanghai day's partition.
    const partitions = await query<{ event_id: string; partition: string }>(
      sql`select event_id, tableoid::regclass::text as partition from transactions where event_id in (${late}, ${early}) and device_id = ${scale.id}::uuid order by event_id`,
    )
    expect(Object.fromEntries(partitions.map((row) => [row.event_id, row.partition]))).toEqual({
      [late]: 'transactions_20261030',
      [early]: 'transactions_20261031',
    })
  })
})

describe('refunds', () => {
  const ledgerOf = async (device: Device, eventId: string) =>
    (
      await t.db
        .select()
        .from(deviceEvents)
        .where(and(eq(deviceEvents.deviceId, device.id), eq(deviceEvents.eventId, eventId)))
    )[0]

  it('may come in the same batch as their payment, before or after it, and take its method', async () => {
    const [p1, p2] = [nextId('pay'), nextId('pay')]
    const [r1, r2] = [nextId('ref'), nextId('ref')]
    const answer = await send(terminal, [
      refund(r1, p1, 300, AT),
      payment(p1, 1000, AT, 'alipay'),
      payment(p2, 500, AT, 'cash'),
      refund(r2, p2, 500, AT),
    ])
    expect(answer.body.data).toEqual({ accepted: [r1, p1, p2, r2], duplicates: [] })
    expect((await ledgerOf(terminal, p1))!.refundedFen).toBe(300)
    expect((await ledgerOf(terminal, p2))!.refundedFen).toBe(500)
    const refunds = await t.db
      .select({
        eventId: transactions.eventId,
        method: transactions.method,
        paymentEventId: transactions.paymentEventId,
      })
      .from(transactions)
      .where(and(eq(transactions.deviceId, terminal.id), inArray(transactions.eventId, [r1, r2])))
    expect(refunds.sort((x, y) => x.eventId.localeCompare(y.eventId))).toEqual(
      [
        { eventId: r1, method: 'alipay', paymentEventId: p1 },
        { eventId: r2, method: 'cash', paymentEventId: p2 },
      ].sort((x, y) => x.eventId.localeCompare(y.eventId)),
    )
    // A resent refund is not taken off twice.
    const again = await send(terminal, [refund(r1, p1, 300, AT)])
    expect(again.body.data).toEqual({ accepted: [], duplicates: [r1] })
    expect((await ledgerOf(terminal, p1))!.refundedFen).toBe(300)
  })

  it('above the amount paid (alone, or summed in one batch) is refused and nothing is taken off', async () => {
    const paid = nextId('pay')
    expect((await send(terminal, [payment(paid, 1000, AT)])).body.code).toBe(20000)
    const before = await stored()
    const alone = await send<Rejected>(terminal, [refund('over-1', paid, 1001, AT)])
    expect(reasons(alone)).toEqual([[0, 'over-1', 'refund_exceeds']])
    const summed = await send<Rejected>(terminal, [
      refund('over-2', paid, 600, AT),
      payment(nextId('pay'), 100, AT),
      refund('over-3', paid, 401, AT),
    ])
    expect(reasons(summed)).toEqual([[2, 'over-3', 'refund_exceeds']])
    // A refund inside a refused batch took nothing off (the batch rolled back).
    expect((await ledgerOf(terminal, paid))!.refundedFen).toBe(0)
    expect(await stored()).toEqual(before)
    expect((await send(terminal, [refund(nextId('ref'), paid, 1000, AT)])).body.code).toBe(20000)
    const more = await send<Rejected>(terminal, [refund('over-4', paid, 1, AT)])
    expect(reasons(more)).toEqual([[0, 'over-4', 'refund_exceeds']])
  })

  it('of a payment never sent, of a refund, or of another device’s payment (same market or not) is refused', async () => {
    const ours = nextId('pay')
    const theirs = nextId('pay')
    const refundId = nextId('ref')
    expect((await send(terminal, [payment(ours, 1000, AT), refund(refundId, ours, 10, AT)])).body.code).toBe(20000)
    expect((await send(scale, [payment(theirs, 1000, AT)])).body.code).toBe(20000)
    const before = await stored()
    expect(reasons(await send<Rejected>(terminal, [refund('u1', 'never-sent', 10, AT)]))).toEqual([
      [0, 'u1', 'unknown_payment'],
    ])
    expect(reasons(await send<Rejected>(terminal, [refund('u2', refundId, 5, AT)]))).toEqual([
      [0, 'u2', 'unknown_payment'],
    ])
    expect(reasons(await send<Rejected>(terminal, [refund('u3', theirs, 10, AT)]))).toEqual([
      [0, 'u3', 'unknown_payment'],
    ])
    // Another market's device naming this device's payment.
    expect(reasons(await send<Rejected>(terminalB, [refund('u4', ours, 10, AT)]))).toEqual([
      [0, 'u4', 'unknown_payment'],
    ])
    expect(await stored()).toEqual(before)
    expect((await ledgerOf(terminal, ours))!.refundedFen).toBe(10)
    expect((await ledgerOf(scale, theirs))!.refundedFen).toBe(0)
    // The same id on two devices is two payments: each device refunds its own.
    const shared = nextId('shared')
    await send(terminal, [payment(shared, 100, AT)])
    await send(terminalB, [payment(shared, 700, AT)])
    expect((await send(terminalB, [refund(nextId('ref'), shared, 700, AT)])).body.code).toBe(20000)
    expect((await ledgerOf(terminal, shared))!.refundedFen).toBe(0)
    expect((await ledgerOf(terminalB, shared))!.refundedFen).toBe(700)
  })

  it('concurrent batches of refunds never take off more than was paid, and the rows agree with the ledger', async () => {
    const paid = nextId('pay')
    expect((await send(scale, [payment(paid, 1000, AT)])).body.code).toBe(20000)
    // Twelve batches at once, two refunds each (150 + 100): four fit in 1000.
    const batches = Array.from({ length: 12 }, (_, i) => [
      refund(`cr-${paid}-${i}a`, paid, 150, AT),
      refund(`cr-${paid}-${i}b`, paid, 100, AT),
    ])
    const answers = await Promise.all([...batches, ...batches.slice(0, 4)].map((events) => send(scale, events)))
    const accepted = answers.flatMap((answer) => (answer.body.code === 20000 ? answer.body.data.accepted : []))
    expect(accepted).toHaveLength(8)
    expect(new Set(accepted).size).toBe(8)
    for (const answer of answers) {
      if (answer.body.code !== 20000)
        expect((answer.body.data as unknown as Rejected).rejected.map((r) => r.reason)).toContain('refund_exceeds')
    }
    const [rowSum] = await t.db
      .select({ fen: sql<number>`coalesce(sum(${transactions.amountFen}), 0)`.mapWith(Number) })
      .from(transactions)
      .where(and(eq(transactions.deviceId, scale.id), eq(transactions.paymentEventId, paid)))
    expect(rowSum!.fen).toBe(1000)
    expect((await ledgerOf(scale, paid))!.refundedFen).toBe(1000)
  })
})

describe('resends from many connections at once', () => {
  it('a mixed batch sent from 10 connections at once is stored once, and each id accepted by one answer', async () => {
    const p = nextId('mix')
    const events = [payment(p, 2000, AT, 'unionpay'), refund(nextId('mix'), p, 500, AT), payment(nextId('mix'), 30, AT)]
    const before = await stored()
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(terminal, events)))
    for (const answer of answers) {
      expect(answer.body.code).toBe(20000)
      expect([...answer.body.data.accepted, ...answer.body.data.duplicates].sort()).toEqual(
        events.map((event) => event.id).sort(),
      )
    }
    const accepted = answers.flatMap((answer) => answer.body.data.accepted)
    expect(accepted.sort()).toEqual(events.map((event) => event.id).sort())
    const after = await stored()
    expect(after.ledger - before.ledger).toBe(3)
    expect(after.transactions - before.transactions).toBe(3)
  })

  it('overlapping batches at once store each event once', async () => {
    const ids = Array.from({ length: 30 }, () => nextId('ov'))
    const batches = Array.from({ length: 6 }, (_, i) => ids.slice(i * 4, i * 4 + 10))
    const answers = await Promise.all(
      batches.map((batch) =>
        send(
          counter,
          batch.map((id) => passengers(id, 2, 1, AT)),
        ),
      ),
    )
    for (const answer of answers) expect(answer.body.code).toBe(20000)
    const accepted = answers.flatMap((answer) => answer.body.data.accepted)
    const sent = [...new Set(batches.flat())]
    expect(accepted.sort()).toEqual(sent.sort())
    const [stored_] = await t.db
      .select({ n: count() })
      .from(passengerCounts)
      .where(and(eq(passengerCounts.deviceId, counter.id), inArray(passengerCounts.eventId, sent)))
    expect(stored_!.n).toBe(sent.length)
  })
})

describe('failed pesticide tests', () => {
  const noticesOf = async (uk: string) =>
    t.db
      .select({ title: messages.title, messageType: messages.messageType })
      .from(messages)
      .where(and(eq(messages.userUk, uk), eq(messages.messageType, 'pesticide_failed')))
  const ukOf = async (username: string) =>
    (await t.db.select({ uk: users.uk }).from(users).where(eq(users.username, username)))[0]!.uk

  it("become a notice for the market's operator and every OFFICIAL, not another market's operator", async () => {
    const [ukA, ukB] = [await ukOf(a.username), await ukOf(b.username)]
    const before = {
      a: (await noticesOf(ukA)).length,
      b: (await noticesOf(ukB)).length,
      o1: (await noticesOf(official.uk)).length,
      o2: (await noticesOf(official2.uk)).length,
    }
    const failed = nextId('pt')
    const answer = await send(tester, [
      pesticideTest(failed, AT, 'fail', 63.5, 'A-1'),
      pesticideTest(nextId('pt'), AT, 'pass', 12.5, 'A-2'),
    ])
    expect(answer.body.code).toBe(20000)
    expect((await noticesOf(ukA)).length).toBe(before.a + 1)
    expect((await noticesOf(official.uk)).length).toBe(before.o1 + 1)
    expect((await noticesOf(official2.uk)).length).toBe(before.o2 + 1)
    expect((await noticesOf(ukB)).length).toBe(before.b)
    // In the reader's language, naming the stall and the rate.
    const box = await typedApi(t.call)('/messages', '$get', { query: { type: 'notice' } }, { token: a.token })
    const notice = box.body.data.list.find((message) => message.messageType === 'pesticide_failed')!
    expect(notice.title).toBe('Pesticide residue test failed')
    expect(notice.subTitle).toContain('A-1')
    // And the market: stall numbers repeat from market to market, and an OFFICIAL reads them all.
    const [market] = await t.db.select({ name: markets.name }).from(markets).where(eq(markets.id, a.marketId))
    expect(notice.subTitle).toBe(`${market!.name} · Stall A-1 · 小白菜`)
    expect(notice.content).toContain('63.5%')
    // The test is linked to the merchant at the stall it names.
    const [row] = await t.db
      .select({ merchantId: pesticideTests.merchantId })
      .from(pesticideTests)
      .where(and(eq(pesticideTests.deviceId, tester.id), eq(pesticideTests.eventId, failed)))
    expect(row!.merchantId).toBe(merchantA1)
    // A resend writes no second notice.
    const again = await send(tester, [pesticideTest(failed, AT, 'fail', 63.5, 'A-1')])
    expect(again.body.data.duplicates).toHaveLength(1)
    expect((await noticesOf(ukA)).length).toBe(before.a + 1)
  })
})

describe('rollups', () => {
  it('equal sums computed from the rows after everything above', async () => {
    await expectRollupsEqualRows(t.db)
  })

  it('(the check itself notices one fen or one passenger out in any rollup table)', async () => {
    const keys = {
      market_minute_stats: 'market_id, minute',
      market_day_stats: 'market_id, day',
      merchant_day_stats: 'merchant_id, day',
      method_day_stats: 'market_id, day, method',
    }
    for (const [table, key] of Object.entries(keys)) {
      const column = table === 'market_minute_stats' ? 'passengers_in' : 'payment_fen'
      const bump = (by: number) =>
        t.db.execute(
          sql.raw(
            `update ${table} set ${column} = ${column} + ${by} where (${key}) = (select ${key} from ${table} order by ${key} limit 1)`,
          ),
        )
      await bump(1)
      await expect(expectRollupsEqualRows(t.db), table).rejects.toThrow()
      await bump(-1)
    }
    await expectRollupsEqualRows(t.db)
  })

  /**
   * A random mix: payments, refunds (some over the balance, some of nothing), passenger counts and
   * tests, over five Shanghai days with their midnights, from five devices in two markets; batches
   * sent a few at once, some resent whole, some overlapping an earlier one. What the answers say was
   * stored must be what is stored, and the rollups must equal the rows.
   */
  it('equal sums computed from the rows after a random mix of events (fast-check, fixed seed)', async () => {
    type Spec =
      | { kind: 'payment'; amount: number; method: (typeof PAYMENT_METHODS)[number]; back: number; shanghai: boolean }
      | { kind: 'refund'; pick: number; amount: number; back: number; shanghai: boolean }
      | { kind: 'count'; in: number; out: number; period: number; back: number; shanghai: boolean }
      | { kind: 'test'; tenths: number; fail: boolean; back: number; shanghai: boolean }
    type BatchSpec = { device: DeviceName; specs: Spec[]; overlap: number | null }
    type Round = ({ batch: BatchSpec } | { resend: number })[]

    const now = t.time.clock().getTime()
    // Seconds back from now to Shanghai midnights and the second before them (now is 10:00 there).
    const secondsToMidnight = (now - new Date('2026-11-01T00:00:00+08:00').getTime()) / 1000
    const boundaries = [0, 1, 2, 3, 4].flatMap((d) => [
      secondsToMidnight + d * 86_400,
      secondsToMidnight + d * 86_400 + 1,
    ])
    const back = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 5 * 86_400 }) },
    )
    const when = { back, shanghai: fc.boolean() }
    const money = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('payment' as const),
          amount: fc.integer({ min: 1, max: 200_000 }),
          method: fc.constantFrom(...PAYMENT_METHODS),
          ...when,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('refund' as const),
          pick: fc.nat(),
          amount: fc.integer({ min: 1, max: 60_000 }),
          ...when,
        }),
      },
    )
    const specsFor = (device: DeviceName): fc.Arbitrary<Spec> =>
      device === 'counter'
        ? fc.record({
            kind: fc.constant('count' as const),
            in: fc.integer({ min: 0, max: 300 }),
            out: fc.integer({ min: 0, max: 300 }),
            period: fc.integer({ min: 1, max: 3600 }),
            ...when,
          })
        : device === 'tester'
          ? fc.record({
              kind: fc.constant('test' as const),
              tenths: fc.integer({ min: 0, max: 1000 }),
              fail: fc.boolean(),
              ...when,
            })
          : money
    const batch: fc.Arbitrary<BatchSpec> = fc
      .constantFrom<DeviceName>('terminal', 'terminal', 'scale', 'terminalB', 'counter', 'tester')
      .chain((device) =>
        fc.record({
          device: fc.constant(device),
          specs: fc.array(specsFor(device), { minLength: 1, maxLength: 8 }),
          overlap: fc.option(fc.nat(), { freq: 4 }),
        }),
      )
    const round: fc.Arbitrary<Round> = fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.record({ batch }) },
        { weight: 1, arbitrary: fc.record({ resend: fc.nat() }) },
      ),
      { minLength: 1, maxLength: 3 },
    )

    /** What the answers say was stored, by device and id. */
    const model = new Map<string, Map<string, Record<string, unknown>>>()
    const sentBatches: { device: DeviceName; events: Record<string, unknown>[] }[] = []
    let run = 0
    const instant = (spec: { back: number; shanghai: boolean }) => {
      const at = new Date(now - spec.back * 1000)
      return spec.shanghai ? inShanghai(at) : at.toISOString()
    }

    function materialise(spec: BatchSpec): { device: DeviceName; events: Record<string, unknown>[] } {
      const device = DEVICES()[spec.device]
      const known = model.get(device.id) ?? new Map()
      const events: Record<string, unknown>[] = []
      const earlier = sentBatches.filter((sent) => sent.device === spec.device)
      if (spec.overlap !== null && earlier.length > 0) {
        const previous = earlier[spec.overlap % earlier.length]!.events
        events.push(...previous.slice(0, Math.ceil(previous.length / 2)))
      }
      for (const item of spec.specs) {
        const id = `fc${run}-${++serial}`
        if (item.kind === 'payment') events.push(payment(id, item.amount, instant(item), item.method))
        else if (item.kind === 'refund') {
          const payments = [
            ...[...known.values()].filter((event) => event.type === 'payment'),
            ...events.filter((event) => event.type === 'payment'),
          ]
          const target = payments.length > 0 ? payments[item.pick % payments.length]!.id : 'nothing-paid'
          events.push(refund(id, target as string, item.amount, instant(item)))
        } else if (item.kind === 'count') {
          // At most 20 people a second of the period (MAX_PASSENGERS_PER_SECOND).
          const most = maxPassengersFor(item.period)
          events.push(passengers(id, Math.min(item.in, most), Math.min(item.out, most), instant(item), item.period))
        } else events.push(pesticideTest(id, instant(item), item.fail ? 'fail' : 'pass', item.tenths / 10))
      }
      // An overlap may repeat an id already in this batch's new part: never, the ids are fresh.
      return { device: spec.device, events }
    }

    let refusedBatches = 0
    let acceptedEvents = 0
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 4, maxLength: 8 }), async (rounds) => {
        run++
        for (const current of rounds) {
          const plans = current.map((item) =>
            'batch' in item
              ? materialise(item.batch)
              : sentBatches.length > 0
                ? sentBatches[item.resend % sentBatches.length]!
                : materialise({
                    device: 'counter',
                    specs: [{ kind: 'count', in: 1, out: 1, period: 60, back: 5, shanghai: true }],
                    overlap: null,
                  }),
          )
          const answers = await Promise.all(plans.map((plan) => send(DEVICES()[plan.device], plan.events)))
          answers.forEach((answer, i) => {
            const plan = plans[i]!
            const device = DEVICES()[plan.device]
            sentBatches.push(plan)
            if (answer.body.code !== 20000) {
              expect(answer.body.code, answer.body.msg).toBe(40000)
              const why = (answer.body.data as unknown as Rejected).rejected.map((r) => r.reason)
              expect(
                why.every((reason) => reason === 'refund_exceeds' || reason === 'unknown_payment'),
                why.join(),
              ).toBe(true)
              refusedBatches++
              return
            }
            expect([...answer.body.data.accepted, ...answer.body.data.duplicates].sort()).toEqual(
              plan.events.map((event) => event.id as string).sort(),
            )
            const known = model.get(device.id) ?? new Map<string, Record<string, unknown>>()
            model.set(device.id, known)
            for (const id of answer.body.data.accepted) {
              expect(known.has(id), `${id} accepted twice`).toBe(false)
              known.set(
                id,
                plan.events.find((event) => event.id === id)!,
              )
              acceptedEvents++
            }
          })
        }
        // What was stored is what the answers said was stored.
        for (const [deviceId, known] of model) {
          const ids = [...known.keys()]
          const [stored_] = await t.db
            .select({ n: count() })
            .from(deviceEvents)
            .where(and(eq(deviceEvents.deviceId, deviceId), inArray(deviceEvents.eventId, ids)))
          expect(stored_!.n).toBe(ids.length)
          const money = await t.db
            .select({
              eventId: transactions.eventId,
              type: transactions.type,
              amountFen: transactions.amountFen,
              at: transactions.occurredAt,
            })
            .from(transactions)
            .where(and(eq(transactions.deviceId, deviceId), inArray(transactions.eventId, ids)))
          const counts = await t.db
            .select({ eventId: passengerCounts.eventId, in: passengerCounts.countIn, at: passengerCounts.periodStart })
            .from(passengerCounts)
            .where(and(eq(passengerCounts.deviceId, deviceId), inArray(passengerCounts.eventId, ids)))
          const tests = await t.db
            .select({ eventId: pesticideTests.eventId, result: pesticideTests.result, at: pesticideTests.testedAt })
            .from(pesticideTests)
            .where(and(eq(pesticideTests.deviceId, deviceId), inArray(pesticideTests.eventId, ids)))
          expect(money.length + counts.length + tests.length).toBe(ids.length)
          for (const row of money) {
            const event = known.get(row.eventId)!
            expect({ type: row.type, amountFen: row.amountFen, at: row.at.getTime() }).toEqual({
              type: event.type,
              amountFen: event.amountFen,
              at: new Date((event.paidAt ?? event.refundedAt) as string).getTime(),
            })
          }
          for (const row of counts) expect(row.in).toBe(known.get(row.eventId)!.in)
          for (const row of tests) expect(row.result).toBe(known.get(row.eventId)!.result)
        }
        await expectRollupsEqualRows(t.db)
      }),
      { seed: 20261101, numRuns: 4, endOnFailure: true },
    )
    // The mix did what it is for: many events, some refused batches, several days and minutes.
    expect(acceptedEvents).toBeGreaterThan(100)
    expect(refusedBatches).toBeGreaterThan(0)
    const shape = await expectRollupsEqualRows(t.db)
    expect(shape.days).toBeGreaterThan(8)
    expect(shape.minutes).toBeGreaterThan(100)
  })
})

describe('device authentication', () => {
  let addressNo = 0
  /** Each test from its own address: refusals count against the address. */
  const address = () => `203.0.113.${++addressNo}`
  const heartbeat = (authorization: string | undefined, from = address()) =>
    t.call('/api/device/v1/heartbeat', {
      ...(authorization === undefined ? {} : { token: authorization }),
      xsrf: false,
      body: {},
      address: from,
    })
  const base64 = (text: string) => Buffer.from(text).toString('base64')

  it('wrong, unknown, unbound and revoked credentials all get one answer', async () => {
    const unbound = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'WEST-GATE' })
    await typedApi(t.call)('/devices/:id/unbind', '$post', { param: { id: unbound.id } }, { token: a.token })
    const rotated = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA2 })
    const fresh = await typedApi(t.call)(
      '/devices/:id/rotate-secret',
      '$post',
      { param: { id: rotated.id } },
      { token: a.token },
    )
    expect(fresh.body.code).toBe(20000)
    const tries = [
      basicAuth(terminal.code, 'wrong-secret'),
      basicAuth(terminal.code, ''),
      basicAuth(terminal.code, `${terminal.secret}x`),
      basicAuth(terminal.code, terminal.secret.slice(0, -1)),
      basicAuth('NO-SUCH-DEVICE', terminal.secret),
      basicAuth(unbound.code, unbound.secret),
      basicAuth(rotated.code, rotated.secret),
      basicAuth(scale.code, terminal.secret),
    ]
    const answers = await Promise.all(tries.map((authorization) => heartbeat(authorization)))
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(answers[0]!.body)
      expect(answer.headers.get('www-authenticate')).toBe('Basic realm="device"')
    }
    expect(answers[0]!.body).toMatchObject({ code: 40100, msg: 'Device code or secret refused.', data: null })
    expect((await heartbeat(basicAuth(rotated.code, fresh.body.data.secret))).body.code).toBe(20000)
  })

  it.each([
    ['no Authorization header', undefined],
    ['Basic alone', 'Basic'],
    ['Basic and a space', 'Basic '],
    ['Basic with text that is no base64', 'Basic !!!***'],
    ['Basic without a colon', `Basic ${base64('DEVICE-CODE')}`],
    ['Basic with an empty code', `Basic ${base64(':secret')}`],
    ['Basic with a code no device could have', `Basic ${base64('a b:secret')}`],
    ['Basic with NUL in the code', `Basic ${base64('DEV\u0000CODE:secret')}`],
    ['Basic of 10 KB', `Basic ${base64(`${'D'.repeat(10_000)}:secret`)}`],
    ['Digest', 'Digest username="x"'],
    ['a Bearer token', 'Bearer abcdef'],
  ])('refuses %s with the same 40100', async (_label, authorization) => {
    const answer = await heartbeat(authorization)
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 40100, msg: 'Device code or secret refused.' })
  })

  it('refuses a console session, as a token or a Bearer header, with or without XSRF', async () => {
    for (const token of [a.token, `Bearer ${a.token}`, official.token]) {
      for (const xsrf of [false, true]) {
        const answer = await t.call('/api/device/v1/events', {
          token,
          xsrf,
          body: { events: [payment(nextId('u'), 100, AT)] },
          address: address(),
        })
        expect(answer.status).toBe(401)
        expect(answer.body.code).toBe(40100)
      }
    }
  })

  it('takes a code in any letter case, and a secret containing colons is read whole', async () => {
    expect((await heartbeat(basicAuth(terminal.code.toLowerCase(), terminal.secret))).body.code).toBe(20000)
    // The first colon ends the code: a secret with a colon added is a wrong secret, not a crash.
    expect((await heartbeat(basicAuth(terminal.code, `${terminal.secret}:x`))).body.code).toBe(40100)
  })

  it('a refused call stores nothing and does not count as seen', async () => {
    const quiet = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA1 })
    const before = await stored()
    const answer = await send({ ...quiet, secret: 'nope' }, [payment(nextId('q'), 100, AT)])
    expect(answer.body.code).toBe(40100)
    expect(await stored()).toEqual(before)
    expect((await t.db.select().from(devices).where(eq(devices.id, quiet.id)))[0]!.lastSeenAt).toBeNull()
  })
})

/** Last in the file: these move the test clock. */
describe('device authentication throttle', () => {
  it('40 wrong secrets at once for one code: exactly 10 answered 40100, 30 × 42900; then even the right secret waits', async () => {
    const device = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA1 })
    const from = '192.0.2.10'
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        deviceCall(t, { code: device.code, secret: `wrong-${i}` }, '/heartbeat', {}, { address: from }),
      ),
    )
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((c) => c === 40100)).toHaveLength(10)
    expect(codes.filter((c) => c === 42900)).toHaveLength(30)
    for (const answer of answers.filter((x) => x.body.code === 42900)) {
      expect(answer.status).toBe(429)
      expect(answer.headers.get('retry-after')).toBe('900')
      expect(answer.body.data).toEqual({ retryAfter: 900 })
    }
    // The right secret, from anywhere, is refused until the lock ends: the code is checked first.
    for (const other of ['192.0.2.11', '192.0.2.12']) {
      const right = await deviceCall(t, device, '/heartbeat', {}, { address: other })
      expect(right.body.code).toBe(42900)
    }
    t.time.advance(14 * 60_000)
    const still = await deviceCall(t, device, '/events', { events: [payment(nextId('t'), 1, AT)] })
    expect(still.body.code).toBe(42900)
    expect(Number(still.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    t.time.advance(60_000)
    expect((await deviceCall(t, device, '/heartbeat', {}, { address: from })).body.code).toBe(20000)
    // Other devices were never held up.
    expect((await deviceCall(t, terminal, '/heartbeat', {}, { address: from })).body.code).toBe(20000)
  })

  it('30 failures from one address lock the address for failures only: right secrets from it still work', async () => {
    const from = '192.0.2.20'
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        deviceCall(t, { code: `GUESS-${i}`, secret: 'x' }, '/heartbeat', {}, { address: from }),
      ),
    )
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((c) => c === 40100)).toHaveLength(30)
    expect(codes.filter((c) => c === 42900)).toHaveLength(10)
    expect((await deviceCall(t, { code: 'GUESS-X', secret: 'x' }, '/heartbeat', {}, { address: from })).body.code).toBe(
      42900,
    )
    // A market's devices behind that address keep working.
    expect((await deviceCall(t, scale, '/heartbeat', {}, { address: from })).body.code).toBe(20000)
    t.time.advance(15 * 60_000)
    expect((await deviceCall(t, { code: 'GUESS-X', secret: 'x' }, '/heartbeat', {}, { address: from })).body.code).toBe(
      40100,
    )
  })
})
