import * as v from 'valibot'
import { PAYMENT_METHODS, TEST_RESULTS } from './device-api'
import { DEVICE_KINDS } from './device-list'
import { formatShanghaiTime } from './time'

/**
 * What /api/stream sends (Server-Sent Events): each event's `event:` is its type, `data:` the JSON
 * below, `id:` its id (sent back as Last-Event-ID to resume). Shared so the console reads what the
 * server writes.
 */

/** A device went online or offline, or was unbound. */
const DeviceLiveSchema = v.object({
  deviceId: v.string(),
  marketId: v.string(),
  code: v.string(),
  kind: v.picklist(DEVICE_KINDS),
  online: v.boolean(),
  unbound: v.boolean(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai; null if never seen. */
  lastSeenTime: v.nullable(v.string()),
})
export type DeviceLive = v.InferOutput<typeof DeviceLiveSchema>

/**
 * One payment or refund as the console lists it: the same item in the live stream and in
 * /api/dashboard/transactions, built by `transactionItem` on both paths.
 */
export const TransactionItemSchema = v.object({
  /** The device's own id of the event: unique per device, so `deviceId` comes with it. */
  id: v.string(),
  deviceId: v.string(),
  type: v.picklist(['payment', 'refund']),
  method: v.picklist(PAYMENT_METHODS),
  amountFen: v.number(),
  stallNo: v.string(),
  merchantName: v.nullable(v.string()),
  /** Stall numbers repeat from market to market: a view of every market names it. */
  marketName: v.string(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  time: v.string(),
  /**
   * Its page's id (contract/transactions.ts), where the reader knows it: the dashboard's list does; a
   * live event is announced before its rows are written, so its items have none.
   */
  transactionId: v.optional(v.string()),
})
export type TransactionItem = v.InferOutput<typeof TransactionItemSchema>

/** One pesticide-residue test as the console lists it, live and in /api/dashboard/tests (`testItem`). */
export const TestItemSchema = v.object({
  /** The device's own id of the event: unique per device, so `deviceId` comes with it. */
  id: v.string(),
  deviceId: v.string(),
  produce: v.string(),
  stallNo: v.string(),
  merchantName: v.nullable(v.string()),
  marketName: v.string(),
  inhibitionPct: v.number(),
  result: v.picklist(TEST_RESULTS),
  time: v.string(),
})
export type TestItem = v.InferOutput<typeof TestItemSchema>

/** What tells one item from another in a list (a device's event ids repeat on other devices). */
export const itemKey = (item: { deviceId: string; id: string }): string => `${item.deviceId}/${item.id}`

/** A stored payment or refund, with its merchant's and market's names (the database's text columns). */
type TransactionRow = {
  deviceId: string
  eventId: string
  type: string
  method: string
  amountFen: number
  stallNo: string
  merchantName: string | null
  marketName: string
  occurredAt: Date
  transactionId?: string
}

/**
 * A stored payment or refund as listed: the one mapping ingest's live events and the dashboard's
 * reads share. Type and method are text columns holding only what the device API accepted.
 */
export const transactionItem = (row: TransactionRow): TransactionItem => ({
  id: row.eventId,
  deviceId: row.deviceId,
  type: row.type as TransactionItem['type'],
  method: row.method as TransactionItem['method'],
  amountFen: row.amountFen,
  stallNo: row.stallNo,
  merchantName: row.merchantName,
  marketName: row.marketName,
  time: formatShanghaiTime(row.occurredAt),
  ...(row.transactionId === undefined ? {} : { transactionId: row.transactionId }),
})

/** A stored pesticide test, with its merchant's and market's names. */
type TestRow = {
  deviceId: string
  eventId: string
  produce: string
  stallNo: string
  merchantName: string | null
  marketName: string
  inhibitionPct: number
  result: string
  testedAt: Date
}

/** A stored pesticide test as listed (the mapping ingest and the dashboard share). */
export const testItem = (row: TestRow): TestItem => ({
  id: row.eventId,
  deviceId: row.deviceId,
  produce: row.produce,
  stallNo: row.stallNo,
  merchantName: row.merchantName,
  marketName: row.marketName,
  inhibitionPct: row.inhibitionPct,
  result: row.result as TestItem['result'],
  time: formatShanghaiTime(row.testedAt),
})

/** A batch's new payments and refunds: totals, and the latest few of them. */
const TransactionsLiveSchema = v.object({
  marketId: v.string(),
  payments: v.number(),
  paymentFen: v.number(),
  refunds: v.number(),
  refundFen: v.number(),
  items: v.array(TransactionItemSchema),
})
export type TransactionsLive = v.InferOutput<typeof TransactionsLiveSchema>

const PassengersLiveSchema = v.object({
  marketId: v.string(),
  in: v.number(),
  out: v.number(),
  /** The Shanghai time of the latest interval counted. */
  time: v.string(),
})
export type PassengersLive = v.InferOutput<typeof PassengersLiveSchema>

const TestsLiveSchema = v.object({
  marketId: v.string(),
  items: v.array(TestItemSchema),
})
export type TestsLive = v.InferOutput<typeof TestsLiveSchema>

/** Something arrived in the reader's message box: its counts are read again. */
const MessagesLiveSchema = v.object({})

/** Every event type, with its data's schema. */
export const LIVE_EVENTS = {
  device: DeviceLiveSchema,
  transactions: TransactionsLiveSchema,
  passengers: PassengersLiveSchema,
  tests: TestsLiveSchema,
  messages: MessagesLiveSchema,
} as const
export type LiveEventType = keyof typeof LIVE_EVENTS
export type LiveEventData<T extends LiveEventType> = v.InferOutput<(typeof LIVE_EVENTS)[T]>

/**
 * Events the stream itself sends: `ready` on connecting (and after a resume), `heartbeat` every 15 s,
 * and `reset` when a resume is impossible (the id is older than the server keeps): the client then
 * reads its figures afresh.
 */
export const STREAM_HEARTBEAT_MS = 15_000
