import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DeviceKind } from '../../../contract/device-list'
import type { BusinessCategory } from '../../../contract/merchant-list'
import { addDays, shanghaiDayOf, shanghaiDayStart } from '../../../contract/time'
import { ingestBatches, makeDayPartitions, type AuthedDevice } from '../../device-api/public'
import { deviceSearchText } from '../../devices/public'
import { hashSecret } from '../../lib/tokens'
import type { Database } from '../../db/client'
import { devices, markets, merchants, users } from '../../db/schema'
import { demoDeviceCode, demoDeviceSecret } from './demo-device-secrets'
import { demoMarkets } from './demo-markets'
import {
  dayVolume,
  PAYMENTS_PER_MERCHANT_DAY,
  VISITORS_PER_MERCHANT_DAY,
  gateCount,
  paymentMethod,
  REFUND_RATE,
  refundFen,
  saleFen,
  testedStall,
  testOutcome,
  testSample,
  tradeTime,
} from './demo-trading'
import { seededRandom, type Random } from './random'

/**
 * The demo markets' devices and their last 30 days: every active merchant has a payment terminal and
 * most an electronic scale; each market has passenger counters at its gates and a pesticide tester at
 * its test room. The history goes through the device API's own ingest (ingestBatches: validation, the
 * ledger, the rows, the rollups and the live events), in the batches a device catching up would send,
 * so the dashboard's figures are the ones ingest keeps. Older days are thinner (fewer payments per
 * merchant) to keep the first start quick.
 */

const DAYS = 30
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
/** Events per batch, as a device catching up would send them (the API takes up to 500). */
const BATCH = 500
/** Events written per transaction. */
const GROUP_EVENTS = 5_000
/** Share of merchants with an electronic scale beside their terminal. */
const SCALE_RATE = 0.8
/** Of a merchant's payments, the share its scale takes (weighed goods paid at the scale). */
const SCALE_SHARE = 0.35
const GATES = ['东门', '西门', '南门', '北门'] as const
const TEST_ROOM = '检测室'
/** Gates count over the market's opening hours, 05:00–20:00. */
const OPEN_HOUR = 5
const CLOSE_HOUR = 20

/**
 * How a market's day went against its usual, one draw per market per day: the weather, a holiday, a
 * delivery that came late. With the weekends (busier) and every stall's own Poisson draw, the 30-day
 * chart reads as a real market's month: level, with weekly swings and noise.
 */
const dayMood = (random: Random) => 0.85 + random() * 0.3
/** Gate counts per 10 minutes today and yesterday (the dashboard's chart), hourly before. */
const countPeriodSeconds = (daysAgo: number) => (daysAgo <= 1 ? 600 : 3600)

type SeedDevice = AuthedDevice & { boundAt: Date }
type DemoMerchant = {
  id: string
  name: string
  stallNo: string
  category: BusinessCategory
  createdAt: Date
  seq: number
}
type RawEvent = { id: string; at: number } & Record<string, unknown>

const day8 = (day: string) => day.replaceAll('-', '')
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Sends the devices' history through the device API's ingest as uploads made now: each device's
 * events in time order, in batches of up to 500, several devices' batches to a transaction (a
 * transaction per device would cost the seed its rollup statements a thousand times over).
 */
async function ingestHistory(db: Database, plans: { device: SeedDevice; events: RawEvent[] }[], now: number) {
  const deps = { db, clock: () => new Date(now) }
  let group: { device: AuthedDevice; events: unknown[] }[] = []
  let size = 0
  const flush = async () => {
    if (group.length > 0) await ingestBatches(deps, group, 'zh-CN')
    group = []
    size = 0
  }
  for (const { device, events } of plans) {
    events.sort((a, b) => a.at - b.at)
    for (let start = 0; start < events.length; start += BATCH) {
      const batch = events.slice(start, start + BATCH).map(({ at: _at, ...event }) => event)
      // One market's devices to a transaction, and a few thousand events at most.
      if (group.length > 0 && (size + batch.length > GROUP_EVENTS || group[0]?.device.marketId !== device.marketId))
        await flush()
      group.push({ device, events: batch })
      size += batch.length
    }
  }
  await flush()
}

/** The days of history, oldest first, each with its start (ms) and how many days ago it is. */
function historyDays(now: number) {
  const today = shanghaiDayOf(now)
  return Array.from({ length: DAYS }, (_, i) => {
    const day = addDays(today, i - DAYS + 1)
    return { day, start: shanghaiDayStart(day).getTime(), daysAgo: DAYS - 1 - i }
  })
}

/** A merchant's payments (and the odd refund), split between its terminal and its scale. */
function merchantPayments(
  random: Random,
  merchant: DemoMerchant,
  hasScale: boolean,
  moods: readonly number[],
  from: number,
  now: number,
): { terminal: RawEvent[]; scale: RawEvent[] } {
  // Some stalls are busier than others.
  const popularity = 0.5 + random() * 1.1
  const terminal: RawEvent[] = []
  const scale: RawEvent[] = []
  const serial = { terminal: 0, scale: 0 }
  for (const [index, { day, start }] of historyDays(now).entries()) {
    const count = dayVolume(random, PAYMENTS_PER_MERCHANT_DAY * (moods[index] ?? 1) * popularity, start)
    for (let i = 0; i < count; i++) {
      const at = tradeTime(random, start)
      if (at < from || at > now) continue
      const onScale = hasScale && random() < SCALE_SHARE
      const events = onScale ? scale : terminal
      const n = onScale ? ++serial.scale : ++serial.terminal
      const method = paymentMethod(random)
      const amountFen = saleFen(random, merchant.category, method)
      const id = `${day8(day)}-${String(n).padStart(5, '0')}`
      events.push({ id, type: 'payment', amountFen, method, paidAt: iso(at), at })
      const refundedAt = at + (5 + Math.floor(random() * 115)) * MINUTE_MS
      if (random() < REFUND_RATE && refundedAt <= now)
        events.push({
          id: `${id}-R`,
          type: 'refund',
          paymentId: id,
          amountFen: refundFen(random, amountFen),
          refundedAt: iso(refundedAt),
          at: refundedAt,
        })
    }
  }
  return { terminal, scale }
}

/** One gate's counts over opening hours, per 10 minutes (hourly before yesterday). */
function gateCounts(random: Random, visitorsPerDay: number, from: number, now: number): RawEvent[] {
  const events: RawEvent[] = []
  for (const { day, start, daysAgo } of historyDays(now)) {
    const seconds = countPeriodSeconds(daysAgo)
    for (let minute = OPEN_HOUR * 60; minute < CLOSE_HOUR * 60; minute += seconds / 60) {
      const at = start + minute * MINUTE_MS
      if (at < from || at + seconds * 1000 > now) continue
      const counted = gateCount(random, at, seconds, visitorsPerDay)
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`
      events.push({
        id: `${day8(day)}-${hhmm}`,
        type: 'passenger_count',
        periodStart: iso(at),
        periodSeconds: seconds,
        ...counted,
        at,
      })
    }
  }
  return events
}

/** The test room's rapid tests: three to six a day between 08:30 and 15:30, rarely failing. */
function stationTests(random: Random, stalls: readonly string[], from: number, now: number): RawEvent[] {
  const events: RawEvent[] = []
  for (const { day, start } of historyDays(now)) {
    const count = 3 + Math.floor(random() * 4)
    for (let i = 0; i < count; i++) {
      const at = start + (8.5 + random() * 7) * 60 * MINUTE_MS
      if (at < from || at > now) continue
      events.push({
        id: `${day8(day)}-${i + 1}`,
        type: 'pesticide_test',
        ...testSample(random, stalls),
        ...testOutcome(random),
        testedAt: iso(at),
        at,
      })
    }
  }
  return events
}

/**
 * Gives the demo markets that have merchants their devices and 30 days of their history. Does nothing
 * once any device exists (or before the demo merchants do), so it is safe on every start.
 */
export async function seedDemoDevices(db: Database, now = Date.now()): Promise<void> {
  const [existing] = await db.select({ id: devices.id }).from(devices).limit(1)
  if (existing) return
  const accounts = demoMarkets().map((market) => market.account)
  const found = await db
    .select({ id: markets.id, name: markets.name, username: users.username, registeredAt: markets.registeredAt })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(inArray(users.username, accounts))
    .orderBy(asc(users.username))
  const historyFrom = shanghaiDayStart(addDays(shanghaiDayOf(now), -(DAYS - 1))).getTime()
  const plans: { device: SeedDevice; events: RawEvent[] }[] = []
  for (const market of found) {
    const rows = await db
      .select({
        id: merchants.id,
        name: merchants.name,
        stallNo: merchants.stallNo,
        category: merchants.category,
        createdAt: merchants.createdAt,
        accountUsername: merchants.accountUsername,
      })
      .from(merchants)
      .where(and(eq(merchants.marketId, market.id), eq(merchants.status, 'active')))
      .orderBy(asc(merchants.accountUsername))
    if (rows.length === 0) continue
    const random = seededRandom(7_000 + accounts.indexOf(market.username))
    const device = (
      kind: DeviceKind,
      n: number,
      place: { stallNo: string; merchant?: DemoMerchant },
      boundAt: Date,
    ): SeedDevice => ({
      id: randomUUID(),
      code: demoDeviceCode(kind, market.username, n),
      kind,
      marketId: market.id,
      marketName: market.name,
      merchantId: place.merchant?.id ?? null,
      merchantName: place.merchant?.name ?? null,
      stallNo: place.stallNo,
      lastSeenAt: null,
      boundAt,
    })
    const shop: DemoMerchant[] = rows.map((row) => ({
      ...row,
      category: row.category as BusinessCategory,
      seq: Number(row.accountUsername.slice(row.accountUsername.lastIndexOf('-') + 1)),
    }))
    // The market's own devices were installed a day after it registered.
    const installed = new Date(Math.min(market.registeredAt.getTime() + DAY_MS, historyFrom - DAY_MS))
    const gates = GATES.slice(0, 2 + Math.floor(random() * 3))
    const visitorsPerGate = (shop.length * VISITORS_PER_MERCHANT_DAY) / gates.length
    gates.forEach((gate, i) => {
      const counter = device('passenger_counter', i + 1, { stallNo: gate }, installed)
      plans.push({ device: counter, events: gateCounts(random, visitorsPerGate, historyFrom, now) })
    })
    const tester = device('pesticide_tester', 1, { stallNo: TEST_ROOM }, installed)
    const sampled = shop.map((merchant) => merchant.stallNo).filter(testedStall)
    plans.push({ device: tester, events: stationTests(random, sampled, historyFrom, now) })
    const moods = historyDays(now).map(() => dayMood(random))
    for (const merchant of shop) {
      // Bound within the hour the merchant registered.
      const boundAt = new Date(merchant.createdAt.getTime() + Math.floor(random() * 60) * MINUTE_MS)
      const hasScale = random() < SCALE_RATE
      const from = Math.max(historyFrom, boundAt.getTime())
      const payments = merchantPayments(random, merchant, hasScale, moods, from, now)
      const place = { stallNo: merchant.stallNo, merchant }
      plans.push({ device: device('payment_terminal', merchant.seq, place, boundAt), events: payments.terminal })
      if (hasScale) plans.push({ device: device('scale', merchant.seq, place, boundAt), events: payments.scale })
    }
  }
  if (plans.length === 0) return
  await db.transaction(async (tx) => {
    const rows = plans.map(({ device }) => ({
      id: device.id,
      marketId: device.marketId,
      code: device.code,
      kind: device.kind,
      stallNo: device.stallNo,
      merchantId: device.merchantId,
      secretHash: hashSecret(demoDeviceSecret(device.code)),
      boundAt: device.boundAt,
      searchText: deviceSearchText(device.code, device.stallNo, device.merchantName),
      // Seen now: their history is the upload that follows (and no one needs a thousand 'online' events).
      lastSeenAt: new Date(now),
      online: true,
    }))
    for (let start = 0; start < rows.length; start += BATCH)
      await tx.insert(devices).values(rows.slice(start, start + BATCH))
  })
  // Ingest makes no partitions (the server's job does, in the background): the history's days get
  // theirs first, in one statement per table, or their rows would stay in the default partitions.
  await makeDayPartitions(db, shanghaiDayOf(historyFrom), shanghaiDayOf(now))
  await ingestHistory(db, plans, now)
}
