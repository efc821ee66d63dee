import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchResult, RejectedEvent } from '../../contract/device-api'
import {
  ALL_MARKETS,
  deviceEvents,
  marketDayStats,
  marketMinuteStats,
  merchantDayStats,
  methodDayStats,
  transactions,
} from '../../server/db/schema'
import { deviceCall, payment, refund, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The ledger's key is the device's, not the binding's (issue 21): a terminal unbound and bound again
 * in the same market, or given a new secret, resends its buffer and nothing counts twice; its refunds
 * still find their payments. Bound in another market, its ids start afresh there. The test clock
 * stands at 2026-11-01 10:00 in Shanghai.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = { id: string; code: string; secret: string }

let t: TestApp
let a: Operator
let b: Operator
let merchantA: string
let merchantB: string

const CODE = `IDSPACE-${process.pid}`
const today = (time: string) => `2026-11-01T${time}+08:00`
/** The terminal's buffer, as it resends it after an outage. */
const BUFFER = [
  payment('p1', 1000, today('09:30:00')),
  payment('p2', 2000, today('09:31:00'), 'alipay'),
  payment('a-only', 700, today('09:32:00')),
  refund('r1', 'p1', 300, today('09:33:00')),
]

const api = () => typedApi(t.call)

async function bind(operator: Operator, merchantId: string): Promise<Device> {
  const answer = await api()(
    '/devices',
    '$post',
    { json: { code: CODE, kind: 'payment_terminal', merchantId, stallNo: '' } },
    { token: operator.token },
  )
  if (answer.body.code !== 20000) throw new Error(`could not bind ${CODE}: ${answer.body.msg}`)
  return answer.body.data
}

async function unbind(operator: Operator, device: Device) {
  const answer = await api()('/devices/:id/unbind', '$post', { param: { id: device.id } }, { token: operator.token })
  expect(answer.body.code).toBe(20000)
}

const send = <T = BatchResult>(device: Device, events: unknown[]) => deviceCall<T>(t, device, '/events', { events })

/** Everything a batch could have written for the markets: ledger, rows and every rollup (as text: exact). */
async function stored() {
  const ids = [a.marketId, b.marketId, ALL_MARKETS]
  const asText = (rows: unknown[]) => JSON.stringify(rows)
  return {
    ledger: asText(
      await t.db
        .select({
          market: deviceEvents.marketId,
          code: deviceEvents.deviceCode,
          id: deviceEvents.eventId,
          refunded: deviceEvents.refundedFen,
        })
        .from(deviceEvents)
        .where(inArray(deviceEvents.marketId, ids))
        .orderBy(asc(deviceEvents.marketId), asc(deviceEvents.eventId)),
    ),
    transactions: asText(
      await t.db
        .select({ market: transactions.marketId, id: transactions.eventId, fen: transactions.amountFen })
        .from(transactions)
        .where(inArray(transactions.marketId, ids))
        .orderBy(asc(transactions.marketId), asc(transactions.eventId)),
    ),
    day: asText(
      await t.db
        .select()
        .from(marketDayStats)
        .where(inArray(marketDayStats.marketId, ids))
        .orderBy(asc(marketDayStats.marketId), asc(marketDayStats.day)),
    ),
    minute: asText(
      await t.db
        .select()
        .from(marketMinuteStats)
        .where(inArray(marketMinuteStats.marketId, ids))
        .orderBy(asc(marketMinuteStats.marketId), asc(marketMinuteStats.minute)),
    ),
    merchant: asText(
      await t.db
        .select()
        .from(merchantDayStats)
        .where(inArray(merchantDayStats.marketId, ids))
        .orderBy(asc(merchantDayStats.merchantId), asc(merchantDayStats.day)),
    ),
    method: asText(
      await t.db
        .select()
        .from(methodDayStats)
        .where(inArray(methodDayStats.marketId, ids))
        .orderBy(asc(methodDayStats.marketId), asc(methodDayStats.day), asc(methodDayStats.method)),
    ),
  }
}

/** A market's takings today, as the dashboard's day rollup holds them. */
async function dayFigures(marketId: string) {
  const [row] = await t.db
    .select({
      payments: marketDayStats.payments,
      paymentFen: marketDayStats.paymentFen,
      refunds: marketDayStats.refunds,
      refundFen: marketDayStats.refundFen,
    })
    .from(marketDayStats)
    .where(sql`${marketDayStats.marketId} = ${marketId} and ${marketDayStats.day} = '2026-11-01'`)
  return row
}

let first: Device
/** The same code bound again in the first market. */
let again: Device

beforeAll(async () => {
  t = await createTestApp()
  const official = await withOfficial(t)
  a = await withOperator(t, official, 1)
  b = await withOperator(t, official, 2)
  merchantA = await withMerchant(t, a.token, 1)
  merchantB = await withMerchant(t, b.token, 2)
  first = await bind(a, merchantA)
  const answer = await send(first, BUFFER)
  expect(answer.body.data.accepted).toEqual(['p1', 'p2', 'a-only', 'r1'])
})
afterAll(async () => {
  await t.close()
})

describe('a device keeps its id space across bindings in one market', () => {
  it('after unbind and bind of the same code, a replayed buffer counts nothing twice', async () => {
    const before = await stored()
    await unbind(a, first)
    again = await bind(a, merchantA)
    expect(again.id).not.toBe(first.id)
    const replay = await send(again, BUFFER)
    expect(replay.status).toBe(200)
    expect(replay.body.data).toEqual({ accepted: [], duplicates: ['p1', 'p2', 'a-only', 'r1'] })
    expect(await stored()).toEqual(before)
    expect(await dayFigures(a.marketId)).toEqual({ payments: 3, paymentFen: 3700, refunds: 1, refundFen: 300 })
  })

  it("refunds the earlier binding's payments, never past what is left of them", async () => {
    const refused = await send<{ rejected: RejectedEvent[] }>(again, [refund('r2', 'p1', 701, today('09:40:00'))])
    expect(refused.status).toBe(400)
    expect(refused.body.data.rejected.map((event) => [event.id, event.reason])).toEqual([['r2', 'refund_exceeds']])
    const refunded = await send(again, [refund('r3', 'p1', 700, today('09:41:00'))])
    expect(refunded.body.data).toEqual({ accepted: ['r3'], duplicates: [] })
    const [paid] = await t.db.select({ refunded: deviceEvents.refundedFen }).from(deviceEvents)
      .where(sql`${deviceEvents.marketId} = ${a.marketId} and ${deviceEvents.deviceCode} = ${CODE}
        and ${deviceEvents.eventId} = 'p1'`)
    expect(paid?.refunded).toBe(1000)
  })

  it('after a new secret, the replayed buffer counts nothing twice', async () => {
    const before = await stored()
    const rotated = await api()('/devices/:id/rotate-secret', '$post', { param: { id: again.id } }, { token: a.token })
    expect(rotated.body.code).toBe(20000)
    const withNewSecret = { ...again, secret: rotated.body.data.secret }
    expect((await send(again, BUFFER)).status).toBe(401)
    const replay = await send(withNewSecret, [...BUFFER, refund('r3', 'p1', 700, today('09:41:00'))])
    expect(replay.body.data).toEqual({ accepted: [], duplicates: ['p1', 'p2', 'a-only', 'r1', 'r3'] })
    expect(await stored()).toEqual(before)
    again = withNewSecret
  })
})

describe('a code bound in another market starts a new id space there', () => {
  it('stores the same event ids as new in the other market, and leaves the first market as it was', async () => {
    const inA = await dayFigures(a.marketId)
    await unbind(a, again)
    const inB = await bind(b, merchantB)
    const buffer = BUFFER.filter((event) => event.id !== 'a-only')
    const answer = await send(inB, buffer)
    expect(answer.body.data).toEqual({ accepted: ['p1', 'p2', 'r1'], duplicates: [] })
    expect(await dayFigures(b.marketId)).toEqual({ payments: 2, paymentFen: 3000, refunds: 1, refundFen: 300 })
    expect(await dayFigures(a.marketId)).toEqual(inA)
    const ledger = await t.db
      .select({ market: deviceEvents.marketId })
      .from(deviceEvents)
      .where(eq(deviceEvents.eventId, 'p1'))
    expect(ledger.map((row) => row.market).sort()).toEqual([a.marketId, b.marketId].sort())
    // A payment only the first market holds is not this market's to refund.
    const foreign = await send<{ rejected: RejectedEvent[] }>(inB, [refund('r9', 'a-only', 100, today('09:50:00'))])
    expect(foreign.body.data.rejected.map((event) => [event.id, event.reason])).toEqual([['r9', 'unknown_payment']])
  })
})
