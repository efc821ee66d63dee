import { and, count, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_EVENTS } from '../../contract/live'
import { ALL_MARKETS, deviceEvents, devices, marketDayStats, transactions } from '../../server/db/schema'
import { deviceCall, payment, refund, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'

type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = Awaited<ReturnType<typeof withDevice>>
type Batch = { accepted: string[]; duplicates: string[] }
type Rejected = { rejected: { index: number; id: string | null; reason: string; message: string }[] }

let t: TestApp
let a: Operator
let terminal: Device
let merchantId: string
/** The test clock's now: 2026-11-01T02:00:00Z (10:00 in Shanghai). */
const AT = '2026-11-01T09:30:00+08:00'

beforeAll(async () => {
  t = await createTestApp()
  const official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 1)
  merchantId = await withMerchant(t, a.token, 1)
  terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId })
})
afterAll(async () => {
  await t.close()
})

const storedFor = async (deviceId: string) =>
  (await t.db.select({ n: count() }).from(transactions).where(eq(transactions.deviceId, deviceId)))[0]!.n

describe('device API', () => {
  it('takes a heartbeat with the right secret and refuses wrong ones alike', async () => {
    const ok = await deviceCall(t, terminal, '/heartbeat', {})
    expect(ok.body.code).toBe(20000)
    const wrong = await deviceCall(t, { ...terminal, secret: 'nope' }, '/heartbeat', {})
    const unknown = await deviceCall(t, { code: 'NO-SUCH-CODE', secret: 'nope' }, '/heartbeat', {})
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.msg).toBe(unknown.body.msg)
  })

  it('stores a batch once, however often it is sent', async () => {
    const batch = { events: [payment('p1', 1250, AT), payment('p2', 800, AT, 'alipay')] }
    const first = await deviceCall<Batch>(t, terminal, '/events', batch)
    expect(first.body.data).toEqual({ accepted: ['p1', 'p2'], duplicates: [] })
    const again = await deviceCall<Batch>(t, terminal, '/events', batch)
    expect(again.body.data).toEqual({ accepted: [], duplicates: ['p1', 'p2'] })
    const overlapping = await deviceCall<Batch>(t, terminal, '/events', {
      events: [payment('p2', 800, AT, 'alipay'), payment('p3', 500, AT)],
    })
    expect(overlapping.body.data).toEqual({ accepted: ['p3'], duplicates: ['p2'] })
    expect(await storedFor(terminal.id)).toBe(3)
  })

  it('stores the same batch sent from many connections at once exactly once', async () => {
    const events = Array.from({ length: 20 }, (_, i) => payment(`c${i}`, 100 + i, AT))
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deviceCall<Batch>(t, terminal, '/events', { events })),
    )
    for (const answer of answers) expect(answer.body.code).toBe(20000)
    const accepted = answers.flatMap((answer) => answer.body.data.accepted)
    expect(accepted.sort()).toEqual(events.map((event) => event.id).sort())
    const rows = await t.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceId, terminal.id), sql`${deviceEvents.eventId} like 'c%'`))
    expect(rows[0]!.n).toBe(20)
  })

  it('refuses a whole batch with one bad event, naming it, and stores nothing', async () => {
    const before = await storedFor(terminal.id)
    const answer = await deviceCall<Rejected>(t, terminal, '/events', {
      events: [payment('ok1', 100, AT), payment('bad1', -5, AT), payment('late', 100, '2026-11-01T10:30:00+08:00')],
    })
    expect(answer.status).toBe(400)
    expect(answer.body.data.rejected.map((r) => [r.id, r.reason])).toEqual([
      ['bad1', 'amount'],
      ['late', 'future'],
    ])
    expect(await storedFor(terminal.id)).toBe(before)
  })

  it('never refunds more than was paid, even when refunds arrive at once', async () => {
    await deviceCall(t, terminal, '/events', { events: [payment('r-pay', 1000, AT)] })
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        deviceCall(t, terminal, '/events', { events: [refund(`r${i}`, 'r-pay', 300, AT)] }),
      ),
    )
    expect(tries.filter((answer) => answer.body.code === 20000)).toHaveLength(3)
    const [row] = await t.db
      .select()
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceId, terminal.id), eq(deviceEvents.eventId, 'r-pay')))
    expect(row!.refundedFen).toBe(900)
    const unknown = await deviceCall<Rejected>(t, terminal, '/events', { events: [refund('rx', 'nothing', 1, AT)] })
    expect(unknown.body.data.rejected[0]!.reason).toBe('unknown_payment')
  })

  it('keeps the day rollup equal to the rows', async () => {
    const [day] = await t.db.select().from(marketDayStats).where(eq(marketDayStats.marketId, a.marketId))
    const sums = await t.db
      .select({
        payments: sql<number>`count(*) filter (where type = 'payment')`.mapWith(Number),
        paymentFen: sql<number>`coalesce(sum(amount_fen) filter (where type = 'payment'), 0)`.mapWith(Number),
        refundFen: sql<number>`coalesce(sum(amount_fen) filter (where type = 'refund'), 0)`.mapWith(Number),
      })
      .from(transactions)
      .where(eq(transactions.marketId, a.marketId))
    expect({ payments: day!.payments, paymentFen: day!.paymentFen, refundFen: day!.refundFen }).toEqual(sums[0])
    // The platform's row is every market's summed.
    const [platform] = await t.db.select().from(marketDayStats).where(eq(marketDayStats.marketId, ALL_MARKETS))
    const [markets] = await t.db
      .select({ paymentFen: sql<number>`sum(payment_fen)`.mapWith(Number) })
      .from(marketDayStats)
      .where(sql`${marketDayStats.marketId} <> ${ALL_MARKETS}::uuid and ${marketDayStats.day} = ${day!.day}`)
    expect(platform!.paymentFen).toBe(markets!.paymentFen)
  })

  it('refuses an unbound device at once', async () => {
    const scale = await withDevice(t, a.token, { kind: 'scale', merchantId })
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    const unbound = await t.call(`/api/devices/${scale.id}/unbind`, { token: a.token })
    expect(unbound.body.code).toBe(20000)
    expect((await deviceCall(t, scale, '/heartbeat', {})).status).toBe(401)
    const [row] = await t.db.select().from(devices).where(eq(devices.id, scale.id))
    expect(row!.secretHash).toBeNull()
  })

  it("unbinds a merchant's devices when the merchant leaves, and refuses binding to one who left", async () => {
    const leaver = await withMerchant(t, a.token, 7)
    const scale = await withDevice(t, a.token, { kind: 'scale', merchantId: leaver })
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    expect((await t.call(`/api/merchants/${leaver}/leave`, { token: a.token })).body.code).toBe(20000)
    expect((await deviceCall(t, scale, '/heartbeat', {})).status).toBe(401)
    const again = await t.call<unknown>('/api/devices', {
      token: a.token,
      body: { code: 'AFTER-LEAVE-1', kind: 'scale', merchantId: leaver, stallNo: '' },
    })
    expect(again.body.code).toBe(40000)
  })

  it('publishes live events in the shape the contract gives the console', async () => {
    const heard: { type: string; data: unknown }[] = []
    const { unsubscribe } = t.live.subscribe({
      accepts: () => true,
      send: (event) => heard.push(event),
      lost: () => {},
    })
    await deviceCall(t, terminal, '/events', { events: [payment('shape-1', 4321, AT)] })
    await expect.poll(() => heard.some((event) => event.type === 'transactions')).toBe(true)
    unsubscribe()
    for (const event of heard) {
      const schema = LIVE_EVENTS[event.type as keyof typeof LIVE_EVENTS]
      expect(v.safeParse(schema, event.data).success, event.type).toBe(true)
    }
  })
})
