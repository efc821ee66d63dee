import { and, eq, inArray, or, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { ApiCode } from '../../contract/api'
import {
  DeviceEventSchema,
  MAX_CLOCK_AHEAD_MS,
  MAX_EVENT_AGE_MS,
  type BatchResult,
  type DeviceEvent,
  type PaymentMethod,
  type RejectedEvent,
} from '../../contract/device-api'
import type { DeviceKind } from '../../contract/device-list'
import { testItem, transactionItem } from '../../contract/live'
import { formatShanghaiTime, minuteStart, shanghaiDayOf } from '../../contract/time'
import { Role, UserStatus } from '../../contract/roles'
import { rowsOf, type Database, type Transaction } from '../db/client'
import { deviceEvents, merchants, passengerCounts, pesticideTests, transactions, users } from '../db/schema'
import { dataException } from '../lib/db-errors'
import { ApiError } from '../lib/errors'
import { isMessageKey, translate, type Locale } from '../lib/i18n'
import type { ServerDeps } from '../lib/types'
import { publishLive, publishLiveMany } from '../lib/live-publish'
import { recomputeCredit } from '../credit/public'
import { postMessage } from '../messages/public'
import type { AuthedDevice } from './auth'
import { insertRows, pipelined, RollupDelta, rollupStatements } from './rollups'
import { devicePresence } from './presence'
import { markAllSeen } from './seen'

/** Which events each kind of device may send. */
const SENDS: Record<DeviceKind, readonly DeviceEvent['type'][]> = {
  payment_terminal: ['payment', 'refund'],
  scale: ['payment', 'refund'],
  passenger_counter: ['passenger_count'],
  pesticide_tester: ['pesticide_test'],
}
/** An inhibition rate above this fails the rapid test (GB/T 5009.199): what the notice quotes. */
const INHIBITION_LIMIT_PCT = 50
/** Items a live event carries (NOTIFY payloads are limited to 8,000 bytes). */
const LIVE_ITEMS = 10

const REASON_PREFIX = 'device_reason_'

const occurredAt = (event: DeviceEvent): Date => {
  switch (event.type) {
    case 'payment':
      return event.paidAt
    case 'refund':
      return event.refundedAt
    case 'passenger_count':
      return event.periodStart
    case 'pesticide_test':
      return event.testedAt
  }
}

/** A refused event, its reason as a stable word and in the caller's language. */
function rejection(index: number, id: string | null, key: string, locale: Locale): RejectedEvent {
  const messageKey = key.startsWith(REASON_PREFIX) && isMessageKey(key) ? key : 'device_reason_event_type'
  return { index, id, reason: messageKey.slice(REASON_PREFIX.length), message: translate(locale, messageKey) }
}

/** The reason for a bad field when its schema's own message is not one (a missing key, control characters). */
const REASON_OF_FIELD: Record<string, string> = {
  id: 'event_id',
  paymentId: 'event_id',
  amountFen: 'amount',
  method: 'method',
  paidAt: 'time',
  refundedAt: 'time',
  periodStart: 'time',
  testedAt: 'time',
  periodSeconds: 'period',
  in: 'count',
  out: 'count',
  produce: 'produce',
  stallNo: 'stall',
  inhibitionPct: 'inhibition',
  result: 'result',
}

function reasonOf(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'device_reason_event_type'
  if (issue.message.startsWith(REASON_PREFIX)) return issue.message
  const field = issue.path?.at(-1)?.key
  const reason = typeof field === 'string' ? REASON_OF_FIELD[field] : undefined
  return reason ? `${REASON_PREFIX}${reason}` : 'device_reason_event_type'
}

const refuse = (rejected: RejectedEvent[]) =>
  new ApiError(ApiCode.INVALID_INPUT, 'error_device_batch_rejected', { rejected }, { count: rejected.length })

/**
 * Every event checked on its own (shape, the device's kind, the clock, ids unique in the batch): the
 * batch is refused with every bad event named, or all are answered valid.
 */
function validateBatch(raw: readonly unknown[], device: AuthedDevice, now: Date, locale: Locale): DeviceEvent[] {
  const rejected: RejectedEvent[] = []
  const events: DeviceEvent[] = []
  const seen = new Set<string>()
  raw.forEach((item, index) => {
    const rawId = item && typeof item === 'object' && 'id' in item && typeof item.id === 'string' ? item.id : null
    const id = rawId && rawId.length <= 64 ? rawId : null
    const parsed = v.safeParse(DeviceEventSchema, item)
    if (!parsed.success) {
      rejected.push(rejection(index, id, reasonOf(parsed.issues[0]), locale))
      return
    }
    const event = parsed.output
    const at = occurredAt(event).getTime()
    const reason = !SENDS[device.kind].includes(event.type)
      ? 'device_reason_kind_mismatch'
      : at > now.getTime() + MAX_CLOCK_AHEAD_MS
        ? 'device_reason_future'
        : at < now.getTime() - MAX_EVENT_AGE_MS
          ? 'device_reason_too_old'
          : seen.has(event.id)
            ? 'device_reason_duplicate_in_batch'
            : null
    seen.add(event.id)
    if (reason) rejected.push(rejection(index, event.id, reason, locale))
    else events.push(event)
  })
  if (rejected.length > 0) throw refuse(rejected)
  return events
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** An event's key in the ledger: the device's, not the binding's (a device bound again keeps its ids). */
const ledgerKey = (marketId: string, deviceCode: string, eventId: string) => `${marketId} ${deviceCode} ${eventId}`

/**
 * Records every event's id once, in one INSERT for all the batches; answers, per batch, the ids that
 * are new (the rest were stored by an earlier send, under this binding or an earlier one of the same
 * code in the same market).
 */
async function recordNew(tx: Transaction, batches: readonly DeviceBatch[], now: Date): Promise<Set<string>[]> {
  // Key order: overlapping batches of one device take the rows' locks in the same order.
  const rows = batches
    .flatMap(({ device, events }) =>
      events.map((event) => ({
        marketId: device.marketId,
        deviceCode: device.code,
        eventId: event.id,
        deviceId: device.id,
        type: event.type,
        occurredAt: occurredAt(event),
        method: event.type === 'payment' ? event.method : null,
        amountFen: event.type === 'payment' ? event.amountFen : null,
        receivedAt: now,
      })),
    )
    .sort(
      (a, b) => byText(a.marketId, b.marketId) || byText(a.deviceCode, b.deviceCode) || byText(a.eventId, b.eventId),
    )
  const inserted = rowsOf<{ market_id: string; device_code: string; event_id: string }>(
    await tx.execute(
      insertRows(deviceEvents, rows, sql`on conflict do nothing returning "market_id", "device_code", "event_id"`),
    ),
  )
  // Each new row is claimed by one batch only, should two batches of a device carry the same id.
  const unclaimed = new Set(inserted.map((row) => ledgerKey(row.market_id, row.device_code, row.event_id)))
  return batches.map(
    ({ device, events }) =>
      new Set(
        events
          .filter((event) => unclaimed.delete(ledgerKey(device.marketId, device.code, event.id)))
          .map((event) => event.id),
      ),
  )
}

/**
 * Takes each new refund off its payment's balance, in batch order (a payment earlier in the same
 * batch counts): one conditional UPDATE each, so concurrent refunds can never exceed what was paid.
 * The payment is the device's in this market (its code's, whichever binding stored it). Answers each
 * refund's payment method, or the refunds refused.
 */
async function applyRefunds(
  tx: Transaction,
  device: AuthedDevice,
  events: { event: DeviceEvent; index: number }[],
  locale: Locale,
): Promise<Map<string, PaymentMethod>> {
  const methods = new Map<string, PaymentMethod>()
  const rejected: RejectedEvent[] = []
  for (const { event, index } of events) {
    if (event.type !== 'refund') continue
    const [payment] = await tx
      .update(deviceEvents)
      .set({ refundedFen: sql`${deviceEvents.refundedFen} + ${event.amountFen}` })
      .where(
        and(
          eq(deviceEvents.marketId, device.marketId),
          eq(deviceEvents.deviceCode, device.code),
          eq(deviceEvents.eventId, event.paymentId),
          eq(deviceEvents.type, 'payment'),
          sql`${deviceEvents.refundedFen} + ${event.amountFen} <= ${deviceEvents.amountFen}`,
        ),
      )
      .returning({ method: deviceEvents.method })
    if (payment) {
      methods.set(event.id, payment.method as PaymentMethod)
      continue
    }
    const [exists] = await tx
      .select({ n: sql`1` })
      .from(deviceEvents)
      .where(
        and(
          eq(deviceEvents.marketId, device.marketId),
          eq(deviceEvents.deviceCode, device.code),
          eq(deviceEvents.eventId, event.paymentId),
          eq(deviceEvents.type, 'payment'),
        ),
      )
      .limit(1)
    rejected.push(
      rejection(index, event.id, exists ? 'device_reason_refund_exceeds' : 'device_reason_unknown_payment', locale),
    )
  }
  if (rejected.length > 0) throw refuse(rejected)
  return methods
}

/** The active merchants at the stalls tests name (a tester stands at the market's test station). */
async function merchantsAtStalls(tx: Transaction, marketId: string, stalls: string[]) {
  if (stalls.length === 0) return new Map<string, { id: string; name: string }>()
  const rows = await tx
    .select({ id: merchants.id, name: merchants.name, stallNo: merchants.stallNo })
    .from(merchants)
    .where(and(eq(merchants.marketId, marketId), eq(merchants.status, 'active'), inArray(merchants.stallNo, stalls)))
  return new Map(rows.map((row) => [row.stallNo, { id: row.id, name: row.name }]))
}

/** A failed test becomes a notice for the market's operators and every OFFICIAL, in each reader's language. */
async function noticeFailedTests(
  tx: Transaction,
  market: { id: string; name: string },
  failed: { stallNo: string; produce: string; inhibitionPct: number; at: Date }[],
) {
  const marketId = market.id
  if (failed.length === 0) return
  const readers = await tx
    .select({ uk: users.uk })
    .from(users)
    .where(
      and(
        eq(users.status, UserStatus.NORMAL),
        or(eq(users.role, Role.OFFICIAL), and(eq(users.role, Role.MARKET), eq(users.marketId, marketId))),
      ),
    )
  // Named in the notice: stall numbers repeat from market to market, and OFFICIAL readers see them all.
  for (const test of failed) {
    for (const reader of readers) {
      await postMessage(tx, {
        userUk: reader.uk,
        type: 'notice',
        titleKey: 'notice_pesticide_failed_title',
        subTitleKey: 'notice_pesticide_failed_market_sub_title',
        contentKey: 'notice_pesticide_failed_content',
        params: {
          market: market.name,
          stall: test.stallNo || '—',
          product: test.produce,
          rate: test.inhibitionPct.toFixed(1),
          threshold: INHIBITION_LIMIT_PCT,
        },
        messageType: 'pesticide_failed',
        at: test.at,
      })
    }
  }
  await publishLiveMany(
    tx,
    'messages',
    readers.map((reader) => ({ audience: { userUk: reader.uk }, data: {} })),
  )
}

/** The merchants a batch's failed tests name, by market. */
function failedMerchants(tests: readonly (typeof pesticideTests.$inferInsert)[]): Map<string, string[]> {
  const byMarket = new Map<string, Set<string>>()
  for (const test of tests)
    if (test.result === 'fail' && test.merchantId)
      byMarket.set(test.marketId, (byMarket.get(test.marketId) ?? new Set()).add(test.merchantId))
  return new Map([...byMarket].map(([marketId, ids]) => [marketId, [...ids]]))
}

/** A device's batch, every event valid. */
type DeviceBatch = { device: AuthedDevice; events: DeviceEvent[] }
/** The rows a batch wrote, for its live events. */
type Written = {
  money: (typeof transactions.$inferInsert)[]
  counts: (typeof passengerCounts.$inferInsert)[]
  tests: (typeof pesticideTests.$inferInsert)[]
  stalls: Map<string, { id: string; name: string }>
}

/**
 * One device's new events, inside the caller's transaction: refunds taken off their payments and
 * failed tests' notices written; the rows to insert answered, and what they add to
 * the rollups put into `delta` (the caller writes both, the rollups last).
 */
async function storeEvents(
  tx: Transaction,
  { device, events }: DeviceBatch,
  isNew: Set<string>,
  now: Date,
  locale: Locale,
  delta: RollupDelta,
): Promise<Written> {
  const added = events.map((event, index) => ({ event, index })).filter(({ event }) => isNew.has(event.id))
  const refundMethods = await applyRefunds(tx, device, added, locale)
  const money: (typeof transactions.$inferInsert)[] = []
  const counts: (typeof passengerCounts.$inferInsert)[] = []
  const tests: (typeof pesticideTests.$inferInsert)[] = []
  const stalls = await merchantsAtStalls(
    tx,
    device.marketId,
    added.flatMap(({ event }) => (event.type === 'pesticide_test' && event.stallNo ? [event.stallNo] : [])),
  )
  const marketId = device.marketId
  for (const { event } of added) {
    const at = occurredAt(event)
    const minute = { marketId, minute: minuteStart(at) }
    const day = { marketId, day: shanghaiDayOf(at) }
    const merchantDay = device.merchantId ? { merchantId: device.merchantId, day: day.day, marketId } : null
    if (event.type === 'payment' || event.type === 'refund') {
      const payment = event.type === 'payment'
      const method = payment ? event.method : (refundMethods.get(event.id) as PaymentMethod)
      money.push({
        marketId,
        deviceId: device.id,
        merchantId: device.merchantId,
        stallNo: device.stallNo,
        eventId: event.id,
        type: event.type,
        method,
        amountFen: event.amountFen,
        paymentEventId: payment ? null : event.paymentId,
        occurredAt: at,
        receivedAt: now,
      })
      const figures = payment
        ? { payments: 1, paymentFen: event.amountFen }
        : { refunds: 1, refundFen: event.amountFen }
      delta.marketMinute.add(minute, figures)
      delta.marketDay.add(day, figures)
      if (merchantDay) delta.merchantDay.add(merchantDay, figures)
      delta.methodDay.add({ ...day, method }, figures)
    } else if (event.type === 'passenger_count') {
      counts.push({
        marketId,
        deviceId: device.id,
        eventId: event.id,
        periodStart: at,
        periodSeconds: event.periodSeconds,
        countIn: event.in,
        countOut: event.out,
      })
      const figures = { passengersIn: event.in, passengersOut: event.out }
      delta.marketMinute.add(minute, figures)
      delta.marketDay.add(day, figures)
    } else {
      const stallNo = event.stallNo || device.stallNo
      tests.push({
        marketId,
        deviceId: device.id,
        eventId: event.id,
        merchantId: stalls.get(stallNo)?.id ?? null,
        stallNo,
        produce: event.produce,
        inhibitionPct: event.inhibitionPct,
        result: event.result,
        testedAt: at,
      })
      const figures = { tests: 1, testsFailed: event.result === 'fail' ? 1 : 0 }
      delta.marketMinute.add(minute, figures)
      delta.marketDay.add(day, figures)
    }
  }
  await noticeFailedTests(
    tx,
    { id: marketId, name: device.marketName },
    tests
      .filter((test) => test.result === 'fail')
      .map((test) => ({
        stallNo: test.stallNo,
        produce: test.produce,
        inhibitionPct: test.inhibitionPct,
        at: test.testedAt,
      })),
  )
  return { money, counts, tests, stalls }
}

/**
 * A market's own rollup row that a batch would take past 2^63 - 1 (22003, numeric_value_out_of_range:
 * the values are checked, so only a sum can be out of range) refuses the batch whole, every event
 * named, and the transaction rolls back: the device keeps its events. The platform's rows saturate
 * instead (rollups.ts), so no market's total ever blocks another's.
 */
function totalTooLarge(error: unknown, batches: readonly DeviceBatch[], locale: Locale): ApiError | null {
  if (dataException(error) !== '22003') return null
  return refuse(
    batches.flatMap(({ events }) =>
      events.map((event, index) => rejection(index, event.id, 'device_reason_total_too_large', locale)),
    ),
  )
}

/**
 * Stores batches whole or not at all, in one transaction: the ledger, the rows (one INSERT per table
 * for all the batches), the rollups (summed over the batches and written last: the platform's rows are
 * shared by every batch and held from there to commit) and the live events. Answers each batch's new
 * ids.
 */
async function storeBatches(
  db: Database,
  batches: readonly DeviceBatch[],
  now: Date,
  locale: Locale,
  seenHere: boolean,
): Promise<Set<string>[]> {
  // No DDL here: a day's partition is made ahead by the background job (jobs.ts); a row for a day
  // without one lands in the default partition.
  return db.transaction(async (tx) => {
    const fresh = await recordNew(tx, batches, now)
    const delta = new RollupDelta()
    const written: Written[] = []
    for (const [i, batch] of batches.entries()) {
      written.push(await storeEvents(tx, batch, fresh[i] as Set<string>, now, locale, delta))
    }
    // A device known online is marked seen after this transaction, by its instance's presence record;
    // one coming online here, announced before the batch's events.
    if (seenHere)
      await markAllSeen(
        tx,
        batches.map(({ device }) => device),
        now,
      )
    const money = written.flatMap((rows) => rows.money)
    const counts = written.flatMap((rows) => rows.counts)
    const tests = written.flatMap((rows) => rows.tests)
    // The live events first: NOTIFY is delivered on commit wherever it is sent, and it takes parameters,
    // which postgres.js sends as a round trip of their own (Parse/Describe) before anything after them.
    for (const [i, { device }] of batches.entries()) await publishBatch(tx, device, written[i] as Written)
    // Then the rows and the rollups (last: their rows are shared) as one pipelined round trip: a rollup
    // row stays locked from its upsert to the commit, and every other batch waits for it.
    await pipelined(tx, [
      ...(money.length > 0 ? [insertRows(transactions, money)] : []),
      ...(counts.length > 0 ? [insertRows(passengerCounts, counts)] : []),
      ...(tests.length > 0 ? [insertRows(pesticideTests, tests)] : []),
      ...rollupStatements(delta),
    ]).catch((error: unknown) => {
      throw totalTooLarge(error, batches, locale) ?? error
    })
    // A failed test against a merchant lowers its credit at once (rare: a round trip only then).
    for (const [marketId, merchantIds] of failedMerchants(tests)) await recomputeCredit(tx, marketId, merchantIds, now)
    return fresh
  })
}

/**
 * Stores a device's batch whole or not at all: each event once (a resend, an overlapping batch or the
 * same batch from two connections stores nothing twice), the rows, the rollups and the live events in
 * one transaction. Answers which ids were new and which were already stored. A device coming online is
 * marked seen in that transaction (and announced first), one known online after it (presence.ts), so a
 * batch's transaction holds no device row in the steady state.
 */
export async function ingestBatch(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'logger' | 'metrics'>,
  device: AuthedDevice,
  raw: readonly unknown[],
  locale: Locale,
): Promise<BatchResult> {
  try {
    return await storeBatch(deps, device, raw, locale)
  } catch (error) {
    // Counted by outcome, and a refusal by its events' reasons: what the System page and /api/metrics show.
    const rejected = refusedEvents(error)
    deps.metrics.notStored(
      raw,
      rejected ? 'refused' : 'failed',
      rejected?.map((event) => event.reason),
    )
    throw error
  }
}

/** The events a refusal named, or null when the error is not a refusal. */
function refusedEvents(error: unknown): RejectedEvent[] | null {
  if (!(error instanceof ApiError) || error.code !== ApiCode.INVALID_INPUT) return null
  const data = error.data as { rejected?: unknown } | null
  return data && Array.isArray(data.rejected) ? (data.rejected as RejectedEvent[]) : null
}

async function storeBatch(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'logger' | 'metrics'>,
  device: AuthedDevice,
  raw: readonly unknown[],
  locale: Locale,
): Promise<BatchResult> {
  const now = deps.clock()
  const events = validateBatch(raw, device, now, locale)
  const presence = devicePresence(deps)
  const comingOnline = !presence.knowsOnline(device.id, now)
  const [fresh = new Set<string>()] = await storeBatches(deps.db, [{ device, events }], now, locale, comingOnline)
  if (comingOnline) presence.wrote(device.id, now)
  else await presence.seen(device, now)
  const accepted: string[] = []
  const duplicates: string[] = []
  for (const event of events) (fresh.has(event.id) ? accepted : duplicates).push(event.id)
  deps.metrics.stored(events, fresh)
  return { accepted, duplicates }
}

/**
 * Several devices' batches as one transaction, each checked and stored as ingestBatch does and the
 * rollups written once for them all: how the demo seed sends its devices' history (a batch per device
 * would cost a transaction and seven rollup statements each). Refused whole if any event is bad.
 */
export async function ingestBatches(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  batches: readonly { device: AuthedDevice; events: readonly unknown[] }[],
  locale: Locale,
): Promise<void> {
  const now = deps.clock()
  const valid = batches.map(({ device, events }) => ({ device, events: validateBatch(events, device, now, locale) }))
  await storeBatches(deps.db, valid, now, locale, true)
}

/** What subscribers hear of a batch: totals and its latest few items, per kind. */
async function publishBatch(tx: Transaction, device: AuthedDevice, batch: Written) {
  const { marketName } = device
  const audience = { marketId: device.marketId }
  const latest = <T>(rows: T[], at: (row: T) => Date) =>
    [...rows].sort((a, b) => at(b).getTime() - at(a).getTime()).slice(0, LIVE_ITEMS)
  if (batch.money.length > 0) {
    const sum = (type: string) =>
      batch.money.filter((row) => row.type === type).reduce((total, row) => total + row.amountFen, 0)
    await publishLive(tx, 'transactions', audience, {
      marketId: device.marketId,
      payments: batch.money.filter((row) => row.type === 'payment').length,
      paymentFen: sum('payment'),
      refunds: batch.money.filter((row) => row.type === 'refund').length,
      refundFen: sum('refund'),
      items: latest(batch.money, (row) => row.occurredAt).map((row) =>
        transactionItem({ ...row, merchantName: device.merchantName, marketName }),
      ),
    })
  }
  if (batch.counts.length > 0) {
    const last = latest(batch.counts, (row) => row.periodStart)[0]
    await publishLive(tx, 'passengers', audience, {
      marketId: device.marketId,
      in: batch.counts.reduce((total, row) => total + row.countIn, 0),
      out: batch.counts.reduce((total, row) => total + row.countOut, 0),
      time: last ? formatShanghaiTime(last.periodStart) : '',
    })
  }
  if (batch.tests.length > 0) {
    await publishLive(tx, 'tests', audience, {
      marketId: device.marketId,
      items: latest(batch.tests, (row) => row.testedAt).map((row) =>
        testItem({ ...row, merchantName: batch.stalls.get(row.stallNo)?.name ?? null, marketName }),
      ),
    })
  }
}
