import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ONLINE_WINDOW_MS } from '../../contract/device-list'
import type { DeviceLive, TestsLive, TransactionsLive } from '../../contract/live'
import { formatShanghaiTime } from '../../contract/time'
import { devices, marketMinuteStats } from '../../server/db/schema'
import { SWEEP_GRACE_MS, sweepOfflineDevices } from '../../server/device-api/seen'
import { publishLive, publishLiveMany } from '../../server/lib/live-publish'
import {
  deviceCall,
  openStream,
  passengers,
  payment,
  pesticideTest,
  refund,
  withDevice,
  withMerchant,
  type LiveStream,
  type SseEvent,
} from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * GET /api/stream (issue 9): what a device does reaches the subscribers whose scope holds it and no
 * one else; a reconnect resumes without losing or repeating; rolled-back writes are never announced.
 * Absence is shown with a sentinel: an event published after the one that must not arrive, through
 * the same channel, so a stream that reaches the sentinel has been handed everything before it.
 */

type Operator = Awaited<ReturnType<typeof withOperator>>

let t: TestApp
let official: { uk: string; token: string }
let official2: { uk: string; token: string }
let a: Operator
let b: Operator
let merchantA: string
let merchantB: string

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  official2 = await withOfficial(t)
  a = await withOperator(t, official, 1)
  b = await withOperator(t, official, 2)
  merchantA = await withMerchant(t, a.token, 1)
  merchantB = await withMerchant(t, b.token, 2)
})
afterAll(async () => {
  await t.close()
})

/** Every stream a test opens, closed after it whatever happened. */
const open: LiveStream[] = []
async function stream(token: string, options: { market?: string; lastEventId?: string } = {}) {
  const opened = await openStream(t, token, options)
  open.push(opened)
  return opened
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
  // Closing a stream unsubscribes it.
  for (let i = 0; i < 50 && t.live.subscriberCount > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(t.live.subscriberCount).toBe(0)
})

/** Now on the test clock, minus a minute: a valid event time whatever the clock was moved to. */
const justNow = () => new Date(t.time.clock().getTime() - 60_000).toISOString()
let serial = 0
const nextId = (prefix: string) => `${prefix}-${++serial}`

const isTransactionsWith = (eventId: string) => (event: SseEvent) =>
  event.event === 'transactions' && (event.data as TransactionsLive).items.some((item) => item.id === eventId)
const isDeviceEvent = (deviceId: string) => (event: SseEvent) =>
  event.event === 'device' && (event.data as DeviceLive).deviceId === deviceId

/** Publishes a marker event for a market, as the server publishes, and answers how to recognise it. */
async function sentinel(marketId: string) {
  const deviceId = nextId('sentinel')
  await publishLive(
    t.db,
    'device',
    { marketId },
    {
      deviceId,
      marketId,
      code: 'SENTINEL',
      kind: 'scale',
      online: false,
      unbound: false,
      lastSeenTime: null,
    },
  )
  return isDeviceEvent(deviceId)
}
const isSentinel = (event: SseEvent) =>
  event.event === 'device' && (event.data as DeviceLive).deviceId.startsWith('sentinel-')
/** The events a stream got before the sentinel for its market (other tests' sentinels left out). */
async function upToSentinel(subscriber: LiveStream, marketId: string) {
  const seen = await subscriber.until(await sentinel(marketId))
  return seen.slice(0, -1).filter((event) => !isSentinel(event))
}

describe('scope', () => {
  it('an ingested payment reaches every subscriber whose scope holds the market, and no other', async () => {
    const terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const inScope = {
      'operator of the market': await stream(a.token),
      'OFFICIAL, all markets': await stream(official.token),
      'OFFICIAL, ?market= the market': await stream(official.token, { market: a.marketId }),
      'operator asking for another market (held to its own)': await stream(a.token, { market: b.marketId }),
    }
    const outOfScope = {
      "another market's operator": await stream(b.token),
      'OFFICIAL, ?market= another market': await stream(official.token, { market: b.marketId }),
      'an operator asking for the market (held to its own)': await stream(b.token, { market: a.marketId }),
    }
    expect(inScope['operator asking for another market (held to its own)'].events[0]!.data).toEqual({
      market: a.marketId,
    })
    expect(outOfScope['OFFICIAL, ?market= another market'].events[0]!.data).toEqual({ market: b.marketId })

    const paid = nextId('p')
    const answer = await deviceCall(t, terminal, '/events', { events: [payment(paid, 1234, justNow(), 'alipay')] })
    expect(answer.body.code).toBe(20000)
    for (const [who, subscriber] of Object.entries(inScope)) {
      const got = await subscriber.until(isTransactionsWith(paid))
      const event = got.at(-1)!
      expect(event.id, who).toMatch(/^[0-9a-z]+-[0-9a-f]{10}$/)
      expect(event.data, who).toEqual({
        marketId: a.marketId,
        payments: 1,
        paymentFen: 1234,
        refunds: 0,
        refundFen: 0,
        items: [
          {
            id: paid,
            deviceId: terminal.id,
            type: 'payment',
            method: 'alipay',
            amountFen: 1234,
            stallNo: 'A-1',
            merchantName: '测试商户 1',
            marketName: '测试农贸市场 1',
            time: formatShanghaiTime(new Date(justNow())),
          },
        ],
      })
      // Its first call also announced it online.
      expect(got.some(isDeviceEvent(terminal.id)), who).toBe(true)
    }
    for (const [who, subscriber] of Object.entries(outOfScope)) {
      const seen = await upToSentinel(subscriber, b.marketId)
      expect(
        seen.map((event) => [event.event, (event.data as { marketId?: string }).marketId]),
        who,
      ).toEqual([])
    }
  })

  it('every kind of market event keeps to its market: device, transactions, passengers, tests', async () => {
    const ours = await stream(a.token)
    const theirs = await stream(b.token)
    const counter = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'EAST' })
    const tester = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
    const countId = nextId('c')
    expect(
      (await deviceCall(t, counter, '/events', { events: [passengers(countId, 7, 3, justNow())] })).body.code,
    ).toBe(20000)
    expect(
      (await deviceCall(t, tester, '/events', { events: [pesticideTest(nextId('pt'), justNow(), 'pass', 20.5)] })).body
        .code,
    ).toBe(20000)
    const got = await ours.until((event) => event.event === 'tests')
    expect(got.filter((event) => event.event === 'passengers').map((event) => event.data)).toEqual([
      { marketId: a.marketId, in: 7, out: 3, time: formatShanghaiTime(new Date(justNow())) },
    ])
    expect(got.at(-1)!.data).toMatchObject({
      marketId: a.marketId,
      items: [
        {
          deviceId: tester.id,
          produce: '小白菜',
          stallNo: 'LAB',
          marketName: '测试农贸市场 1',
          inhibitionPct: 20.5,
          result: 'pass',
        },
      ],
    })
    expect(got.filter((event) => event.event === 'device').map((event) => (event.data as DeviceLive).deviceId)).toEqual(
      [counter.id, tester.id],
    )
    expect(await upToSentinel(theirs, b.marketId)).toEqual([])
  })
})

describe('one item, live and read', () => {
  it("a live transaction or test is the dashboard's item of the same event, its market named", async () => {
    const terminal = await withDevice(t, b.token, { kind: 'payment_terminal', merchantId: merchantB })
    const tester = await withDevice(t, b.token, { kind: 'pesticide_tester', stallNo: 'LAB-9' })
    const everyMarket = await stream(official.token)
    const paid = nextId('p')
    const tested = nextId('pt')
    expect((await deviceCall(t, terminal, '/events', { events: [payment(paid, 880, justNow())] })).body.code).toBe(
      20000,
    )
    expect(
      (await deviceCall(t, tester, '/events', { events: [pesticideTest(tested, justNow(), 'fail', 71.5)] })).body.code,
    ).toBe(20000)
    const got = await everyMarket.until(
      (event) => event.event === 'tests' && (event.data as TestsLive).items.some((item) => item.id === tested),
    )
    const liveTransaction = got
      .filter(isTransactionsWith(paid))
      .flatMap((event) => (event.data as TransactionsLive).items)
      .find((item) => item.id === paid)
    const liveTest = (got.at(-1)!.data as TestsLive).items.find((item) => item.id === tested)
    expect(liveTransaction).toMatchObject({ deviceId: terminal.id, marketName: '测试农贸市场 2' })
    expect(liveTest).toMatchObject({ deviceId: tester.id, marketName: '测试农贸市场 2' })

    // Read back as OFFICIAL over every market: the very same items.
    const read = typedApi(t.call)
    const transactions = await read('/dashboard/transactions', '$get', { query: {} }, { token: official.token })
    const tests = await read('/dashboard/tests', '$get', { query: {} }, { token: official.token })
    // The read item also names its row (the transaction page's id): a live item is sent before its row
    // is written, so it has none yet (the Workplace links a row once it is read again).
    const readTransaction = transactions.body.data.find((row) => row.deviceId === terminal.id && row.id === paid)
    expect(readTransaction?.transactionId).toMatch(/^\d+-\d+$/)
    expect({ ...readTransaction, transactionId: undefined }).toEqual({ ...liveTransaction, transactionId: undefined })
    expect(tests.body.data.find((row) => row.deviceId === tester.id && row.id === tested)).toEqual(liveTest)
  })
})

describe('resuming with Last-Event-ID', () => {
  it("a freeze or a logout ends the account's open streams at once, not at the next heartbeat", async () => {
    const c = await withOperator(t, official, 3)
    const other = await t.tokenFor(c.username, 'Market123')
    const endedWithin = (s: LiveStream, ms: number) =>
      Promise.race([s.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])
    // The heartbeat's check comes every 15 s: 5 s is far from it.
    const loggingOut = await stream(other)
    const staying = await stream(c.token)
    expect((await t.call('/api/user/logout', { token: other })).body.code).toBe(20000)
    expect(await endedWithin(loggingOut, 5_000)).toBe(true)
    expect(await endedWithin(staying, 200)).toBe(false)
    expect((await t.call(`/api/markets/${c.marketId}/freeze`, { token: official.token })).body.code).toBe(20000)
    expect(await endedWithin(staying, 5_000)).toBe(true)
    // Its reconnect is told why.
    expect((await t.app.request('/api/stream', { headers: { Authorization: c.token } })).status).toBe(401)
  })

  it.skipIf(!process.env.DATABASE_URL)(
    'an open stream is told to read afresh when its instance lost its LISTEN connection (PostgreSQL)',
    async () => {
      const subscriber = await stream(a.token)
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      )
      await subscriber.until((event) => event.event === 'reset', 10_000)
      // And it carries on live once the connection is back.
      await subscriber.until(await sentinel(a.marketId), 10_000)
    },
  )

  it('receives what was published while disconnected, in order, once, then carries on live', async () => {
    const terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const witness = await stream(a.token)
    const first = await stream(a.token)
    const pay = async (id: string) =>
      expect((await deviceCall(t, terminal, '/events', { events: [payment(id, 100, justNow())] })).body.code).toBe(
        20000,
      )

    const p1 = nextId('p')
    await pay(p1)
    const last = (await first.until(isTransactionsWith(p1))).at(-1)!
    await witness.until(isTransactionsWith(p1))
    await first.close()

    // While it is away: payments, a refund, another device coming online, and another market's sale.
    const [p2, p3] = [nextId('p'), nextId('p')]
    await pay(p2)
    expect(
      (await deviceCall(t, terminal, '/events', { events: [refund(nextId('r'), p2, 40, justNow())] })).body.code,
    ).toBe(20000)
    const scale = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA })
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    const elsewhere = await withDevice(t, b.token, { kind: 'scale', merchantId: merchantB })
    expect((await deviceCall(t, elsewhere, '/heartbeat', {})).body.code).toBe(20000)
    await pay(p3)
    const missed = await witness.until(isTransactionsWith(p3))
    expect(missed.length).toBeGreaterThanOrEqual(4)

    const resumed = await stream(a.token, { lastEventId: last.id! })
    const replay = await resumed.until(isTransactionsWith(p3))
    expect(replay.map((event) => event.id)).toEqual(missed.map((event) => event.id))
    expect(replay.map((event) => event.data)).toEqual(missed.map((event) => event.data))
    expect(replay.some((event) => event.event === 'reset')).toBe(false)
    expect(replay.some((event) => event.id === last.id)).toBe(false)

    // Then live, nothing repeated.
    const p4 = nextId('p')
    await pay(p4)
    const live = await resumed.until(isTransactionsWith(p4))
    expect(live.map((event) => event.id)).toEqual(
      (await witness.until(isTransactionsWith(p4))).map((event) => event.id),
    )
    const ids = resumed.events.filter((event) => event.id).map((event) => event.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('resuming from the latest event gets nothing old', async () => {
    const terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const first = await stream(a.token)
    const paid = nextId('p')
    await deviceCall(t, terminal, '/events', { events: [payment(paid, 100, justNow())] })
    const last = (await first.until(isTransactionsWith(paid))).at(-1)!
    await first.close()
    const resumed = await stream(a.token, { lastEventId: last.id! })
    expect(await upToSentinel(resumed, a.marketId)).toEqual([])
  })

  it('an id the server does not keep gets a `reset`, then live events', async () => {
    for (const lastEventId of ['zzzzzzzz-0123456789', 'not-an-event-id', 'x'.repeat(5_000)]) {
      const subscriber = await stream(a.token, { lastEventId })
      const next = await subscriber.until(() => true)
      expect(
        next.map((event) => event.event),
        lastEventId.slice(0, 30),
      ).toEqual(['reset'])
      const marker = await sentinel(a.marketId)
      expect((await subscriber.until(marker)).map((event) => event.event)).toEqual(['device'])
    }
  })
})

describe('what is announced', () => {
  it('a `messages` event reaches only the user it is for, whatever market it watches', async () => {
    const tester = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB-2' })
    const readers = {
      operator: await stream(a.token),
      'operator, second tab': await stream(a.token),
      'OFFICIAL watching another market': await stream(official.token, { market: b.marketId }),
      'another OFFICIAL': await stream(official2.token),
    }
    const other = await stream(b.token)
    const failed = await deviceCall(t, tester, '/events', {
      events: [pesticideTest(nextId('pt'), justNow(), 'fail', 77.7)],
    })
    expect(failed.body.code).toBe(20000)
    for (const [who, subscriber] of Object.entries(readers)) {
      const marketId = who === 'OFFICIAL watching another market' ? b.marketId : a.marketId
      const seen = await upToSentinel(subscriber, marketId)
      expect(
        seen.filter((event) => event.event === 'messages').map((event) => event.data),
        who,
      ).toEqual([{}])
    }
    expect(await upToSentinel(other, b.marketId)).toEqual([])
  })

  it('unbinding publishes a `device` event with unbound true, to the market only', async () => {
    const scale = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA })
    const ours = await stream(official.token, { market: a.marketId })
    const theirs = await stream(b.token)
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    await ours.until(isDeviceEvent(scale.id))
    const unbound = await typedApi(t.call)(
      '/devices/:id/unbind',
      '$post',
      { param: { id: scale.id } },
      { token: a.token },
    )
    expect(unbound.body.code).toBe(20000)
    const got = (await ours.until(isDeviceEvent(scale.id))).at(-1)!
    expect(got.data).toEqual({
      deviceId: scale.id,
      marketId: a.marketId,
      code: scale.code,
      kind: 'scale',
      online: false,
      unbound: true,
      lastSeenTime: formatShanghaiTime(t.time.clock()),
    })
    expect(await upToSentinel(theirs, b.marketId)).toEqual([])
  })

  it('a never-seen device’s heartbeat announces it online once, even from ten connections at once', async () => {
    const subscriber = await stream(a.token)
    const counter = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'NORTH' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => deviceCall(t, counter, '/heartbeat', {})))
    for (const answer of answers) expect(answer.body.code).toBe(20000)
    expect((await deviceCall(t, counter, '/heartbeat', {})).body.code).toBe(20000)
    const seen = await upToSentinel(subscriber, a.marketId)
    expect(seen.filter(isDeviceEvent(counter.id)).map((event) => event.data)).toEqual([
      {
        deviceId: counter.id,
        marketId: a.marketId,
        code: counter.code,
        kind: 'passenger_counter',
        online: true,
        unbound: false,
        lastSeenTime: formatShanghaiTime(t.time.clock()),
      },
    ])
  })

  it('the same batch from ten connections at once is announced once', async () => {
    const terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const subscriber = await stream(a.token)
    const events = Array.from({ length: 5 }, () => payment(nextId('p'), 200, justNow()))
    const answers = await Promise.all(Array.from({ length: 10 }, () => deviceCall(t, terminal, '/events', { events })))
    for (const answer of answers) expect(answer.body.code).toBe(20000)
    const seen = await upToSentinel(subscriber, a.marketId)
    const announced = seen
      .filter((event) => event.event === 'transactions')
      .map((event) => event.data as TransactionsLive)
    expect(announced).toHaveLength(1)
    expect(announced[0]).toMatchObject({ payments: 5, paymentFen: 1000 })
    expect(seen.filter(isDeviceEvent(terminal.id))).toHaveLength(1)
  })

  it('the offline sweep announces a silent device offline once, however often it runs; its next call online again', async () => {
    const scale = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA })
    const subscriber = await stream(a.token)
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    const seenAt = t.time.clock()
    await subscriber.until(isDeviceEvent(scale.id))
    // Not yet: a sweep inside the two minutes leaves it online.
    t.time.advance(ONLINE_WINDOW_MS - 1_000)
    await sweepOfflineDevices(t.db, t.time.clock())
    expect(await upToSentinel(subscriber, a.marketId)).not.toContainEqual(
      expect.objectContaining({ event: 'device', data: expect.objectContaining({ deviceId: scale.id }) }),
    )
    // Nor within the grace for last-seen times still being written (they reach the database up to a
    // second after the call, on every instance).
    t.time.advance(SWEEP_GRACE_MS)
    await sweepOfflineDevices(t.db, t.time.clock())
    expect((await t.db.select().from(devices).where(eq(devices.id, scale.id)))[0]!.online).toBe(true)
    t.time.advance(2_000)
    // Two instances sweeping at once, and once more later.
    await Promise.all([sweepOfflineDevices(t.db, t.time.clock()), sweepOfflineDevices(t.db, t.time.clock())])
    await sweepOfflineDevices(t.db, t.time.clock())
    const swept = (await upToSentinel(subscriber, a.marketId)).filter(isDeviceEvent(scale.id))
    expect(swept.map((event) => event.data)).toEqual([
      {
        deviceId: scale.id,
        marketId: a.marketId,
        code: scale.code,
        kind: 'scale',
        online: false,
        unbound: false,
        lastSeenTime: formatShanghaiTime(seenAt),
      },
    ])
    expect((await t.db.select().from(devices).where(eq(devices.id, scale.id)))[0]!.online).toBe(false)
    expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    const back = (await upToSentinel(subscriber, a.marketId)).filter(isDeviceEvent(scale.id))
    expect(back.map((event) => (event.data as DeviceLive).online)).toEqual([true])
  })

  it('many events published in one statement arrive each once, in the order given, whatever their text', async () => {
    const subscriber = await stream(a.token)
    // Quotes, a backslash, a dollar-quote and a line break travel inside JSON inside JSON.
    const codes = ['A-1', `quote ' and "double"`, 'back\\slash $j$ $$', 'line\nbreak', '中文']
    const ids = codes.map(() => nextId('many'))
    await publishLiveMany(
      t.db,
      'device',
      codes.map((code, i) => ({
        audience: { marketId: a.marketId },
        data: {
          deviceId: ids[i]!,
          marketId: a.marketId,
          code,
          kind: 'scale',
          online: false,
          unbound: false,
          lastSeenTime: null,
        },
      })),
    )
    const seen = (await upToSentinel(subscriber, a.marketId))
      .filter((event) => event.event === 'device' && (event.data as DeviceLive).deviceId.startsWith('many-'))
      .map((event) => event.data as DeviceLive)
    expect(seen.map((event) => [event.deviceId, event.code])).toEqual(ids.map((id, i) => [id, codes[i]]))
  })

  it('a mass silence is swept in bites, each device announced offline once, also by two sweeps at once', async () => {
    const scales = []
    for (let i = 0; i < 5; i++) scales.push(await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA }))
    const subscriber = await stream(a.token)
    for (const scale of scales) expect((await deviceCall(t, scale, '/heartbeat', {})).body.code).toBe(20000)
    // Their coming online is heard first (in commit order), so what follows is the sweep's alone.
    await subscriber.until(isDeviceEvent(scales[scales.length - 1]!.id))
    t.time.advance(ONLINE_WINDOW_MS + SWEEP_GRACE_MS + 1_000)
    // Bites of two: three transactions each, the second sweep skipping the rows the first holds.
    const counts = await Promise.all([
      sweepOfflineDevices(t.db, t.time.clock(), 2),
      sweepOfflineDevices(t.db, t.time.clock(), 2),
    ])
    // Devices of earlier tests in this market may be among them.
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(5)
    expect(await sweepOfflineDevices(t.db, t.time.clock(), 2)).toBe(0)
    const ids = new Set(scales.map((scale) => scale.id))
    const swept = (await upToSentinel(subscriber, a.marketId))
      .filter((event) => event.event === 'device' && ids.has((event.data as DeviceLive).deviceId))
      .map((event) => event.data as DeviceLive)
    expect(swept.map((event) => event.deviceId).sort()).toEqual([...ids].sort())
    expect(swept.every((event) => !event.online)).toBe(true)
    const rows = await t.db
      .select()
      .from(devices)
      .where(inArray(devices.id, [...ids]))
    expect(rows.map((row) => row.online)).toEqual([false, false, false, false, false])
  })
})

describe('nothing rolled back is announced', () => {
  it('events published in one statement inside a transaction that rolls back are not heard', async () => {
    const subscriber = await stream(a.token)
    const deviceId = nextId('rolled')
    await expect(
      t.db.transaction(async (tx) => {
        await publishLiveMany(tx, 'device', [
          {
            audience: { marketId: a.marketId },
            data: {
              deviceId,
              marketId: a.marketId,
              code: 'X',
              kind: 'scale',
              online: true,
              unbound: false,
              lastSeenTime: null,
            },
          },
        ])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await upToSentinel(subscriber, a.marketId)).filter(isDeviceEvent(deviceId))).toEqual([])
  })

  it('a refused batch from a never-seen device publishes nothing, not even that it was seen', async () => {
    const terminal = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const subscriber = await stream(a.token)
    const refused = await deviceCall(t, terminal, '/events', {
      events: [payment(nextId('p'), 100, justNow()), refund(nextId('r'), 'never-paid', 50, justNow())],
    })
    expect(refused.body.code).toBe(40000)
    expect(await upToSentinel(subscriber, a.marketId)).toEqual([])
  })

  it('a batch that fails at its last write, after its NOTIFYs were issued, publishes nothing', async () => {
    const counter = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'SOUTH' })
    const subscriber = await stream(a.token)
    const at = new Date(justNow())
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000)
    // Forced: the minute's rollup just short of overflowing its 64-bit column.
    const nearLimit = sql`9223372036854775807 - 10`
    await t.db
      .insert(marketMinuteStats)
      .values({ marketId: a.marketId, minute, passengersIn: nearLimit })
      .onConflictDoUpdate({
        target: [marketMinuteStats.marketId, marketMinuteStats.minute],
        set: { passengersIn: nearLimit },
      })
    const failed = await deviceCall(t, counter, '/events', {
      events: [passengers(nextId('c'), 100, 0, at.toISOString())],
    })
    expect(failed.body.code).not.toBe(20000)
    expect(failed.status).toBeLessThan(600)
    expect(await upToSentinel(subscriber, a.marketId)).toEqual([])
    expect((await t.db.select().from(devices).where(eq(devices.id, counter.id)))[0]!.lastSeenAt).toBeNull()

    // With room again, the same batch is stored and announced: online, then the count.
    await t.db
      .update(marketMinuteStats)
      .set({ passengersIn: 0 })
      .where(and(eq(marketMinuteStats.marketId, a.marketId), eq(marketMinuteStats.minute, minute)))
    const again = await deviceCall(t, counter, '/events', {
      events: [passengers(nextId('c'), 100, 0, at.toISOString())],
    })
    expect(again.body.code).toBe(20000)
    const seen = await upToSentinel(subscriber, a.marketId)
    expect(seen.map((event) => event.event)).toEqual(['device', 'passengers'])
  })
})
