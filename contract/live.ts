import * as v from 'valibot'
import { PAYMENT_METHODS, TEST_RESULTS } from './device-api'
import { DEVICE_KINDS } from './device-list'

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

const LiveTransactionSchema = v.object({
  /** The device's own id of the event. */
  id: v.string(),
  type: v.picklist(['payment', 'refund']),
  method: v.picklist(PAYMENT_METHODS),
  amountFen: v.number(),
  stallNo: v.string(),
  merchantName: v.nullable(v.string()),
  time: v.string(),
})
export type LiveTransaction = v.InferOutput<typeof LiveTransactionSchema>

/** A batch's new payments and refunds: totals, and the latest few of them. */
const TransactionsLiveSchema = v.object({
  marketId: v.string(),
  payments: v.number(),
  paymentFen: v.number(),
  refunds: v.number(),
  refundFen: v.number(),
  items: v.array(LiveTransactionSchema),
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
  items: v.array(
    v.object({
      produce: v.string(),
      stallNo: v.string(),
      merchantName: v.nullable(v.string()),
      inhibitionPct: v.number(),
      result: v.picklist(TEST_RESULTS),
      time: v.string(),
    }),
  ),
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
