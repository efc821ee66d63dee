import * as v from 'valibot'
import { cleanText } from './text'
import { isCalendarDay } from './time'

/**
 * The device API (/api/device/v1, docs/device-api.md): what payment terminals, scales, passenger
 * counters and pesticide testers send. Money is integer fen; times are ISO 8601 with a zone.
 */

export const PAYMENT_METHODS = ['wechat', 'alipay', 'unionpay', 'cash', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const TEST_RESULTS = ['pass', 'fail'] as const
export type TestResult = (typeof TEST_RESULTS)[number]

/** Events per batch: a batch is stored whole or not at all. */
export const MAX_BATCH_EVENTS = 500
/** A device's clock may run ahead this much; later times are refused. */
export const MAX_CLOCK_AHEAD_MS = 10 * 60_000
/** A backlog older than this is a broken clock, not a device that was offline. */
export const MAX_EVENT_AGE_MS = 366 * 24 * 60 * 60_000

/**
 * Plausibility bounds per event kind (docs/device-api.md's events table): a value past them is a
 * broken or hostile device, refused with a reason before it reaches a sum.
 */
/** 1,000,000 yuan: more than any one sale at a produce stall (payments and refunds alike). */
export const MAX_AMOUNT_FEN = 100_000_000
/** A passenger count's period: a second to an hour. */
export const MAX_PERIOD_SECONDS = 3_600
/** People through one gate per second of a count's period: a crowd pressed through, at most. */
export const MAX_PASSENGERS_PER_SECOND = 20
/** People in one count (in, and out), whatever its period. */
export const MAX_PASSENGER_COUNT = 100_000
/** A rapid test's inhibition rate, in percent, with at most one decimal. */
export const MAX_INHIBITION_PCT = 100

/** The most people one count of `periodSeconds` can plausibly hold, in or out. */
export const maxPassengersFor = (periodSeconds: number) =>
  Math.min(MAX_PASSENGER_COUNT, MAX_PASSENGERS_PER_SECOND * periodSeconds)

/** The device's own id of an event: what makes a resend harmless. */
const EventIdSchema = v.pipe(
  v.string('device_reason_event_id'),
  v.regex(/^[0-9A-Za-z._:-]{1,64}$/, 'device_reason_event_id'),
)

/** 2026-11-23T08:15:00+08:00 or …Z; a time without a zone is ambiguous and refused. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/
/** A real day, a real time of day (never 24:00 or 2026-02-30, which Date would roll over) and a real offset. */
const isRealInstant = (text: string) => {
  const [, day = '', hour = '', minute = '', second = '0'] =
    /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text) ?? []
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text)
  return (
    isCalendarDay(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    (!offset || (Number(offset[2]) <= 14 && Number(offset[3]) < 60))
  )
}
const InstantSchema = v.pipe(
  v.string('device_reason_time'),
  v.regex(ISO_WITH_ZONE, 'device_reason_time'),
  v.check(isRealInstant, 'device_reason_time'),
  v.transform((text: string) => new Date(text)),
  v.check((date: Date) => !Number.isNaN(date.getTime()), 'device_reason_time'),
)

const count = (max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(max, message))
const AmountSchema = v.pipe(
  v.number('device_reason_amount'),
  v.integer('device_reason_amount'),
  v.minValue(1, 'device_reason_amount'),
  v.maxValue(MAX_AMOUNT_FEN, 'device_reason_amount'),
)

const PaymentEventSchema = v.object({
  id: EventIdSchema,
  type: v.literal('payment'),
  amountFen: AmountSchema,
  method: v.picklist(PAYMENT_METHODS, 'device_reason_method'),
  paidAt: InstantSchema,
})

const RefundEventSchema = v.object({
  id: EventIdSchema,
  type: v.literal('refund'),
  /** The refunded payment's device-side id (a payment of the same device). */
  paymentId: EventIdSchema,
  amountFen: AmountSchema,
  refundedAt: InstantSchema,
})

const PassengerCountEventSchema = v.pipe(
  v.object({
    id: EventIdSchema,
    type: v.literal('passenger_count'),
    periodStart: InstantSchema,
    periodSeconds: v.pipe(
      v.number('device_reason_period'),
      v.integer('device_reason_period'),
      v.minValue(1, 'device_reason_period'),
      v.maxValue(MAX_PERIOD_SECONDS, 'device_reason_period'),
    ),
    in: count(MAX_PASSENGER_COUNT, 'device_reason_count'),
    out: count(MAX_PASSENGER_COUNT, 'device_reason_count'),
  }),
  // 20,000 people through a gate in one minute is a broken counter, not a crowd.
  v.check((event) => Math.max(event.in, event.out) <= maxPassengersFor(event.periodSeconds), 'device_reason_count'),
)

const PesticideTestEventSchema = v.object({
  id: EventIdSchema,
  type: v.literal('pesticide_test'),
  produce: v.pipe(
    v.string('device_reason_produce'),
    cleanText(),
    v.trim(),
    v.nonEmpty('device_reason_produce'),
    v.maxLength(30, 'device_reason_produce'),
  ),
  /** The stall whose produce was tested, when the tester knows it. */
  stallNo: v.optional(
    v.pipe(
      v.string('device_reason_stall'),
      cleanText(),
      v.trim(),
      v.maxLength(20, 'device_reason_stall'),
      v.toUpperCase(),
    ),
    '',
  ),
  /** Enzyme inhibition rate in percent, 0–100, at most one decimal (GB/T 5009.199). */
  inhibitionPct: v.pipe(
    v.number('device_reason_inhibition'),
    v.minValue(0, 'device_reason_inhibition'),
    v.maxValue(MAX_INHIBITION_PCT, 'device_reason_inhibition'),
    v.check((value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, 'device_reason_inhibition'),
  ),
  result: v.picklist(TEST_RESULTS, 'device_reason_result'),
  testedAt: InstantSchema,
})

export const DeviceEventSchema = v.variant(
  'type',
  [PaymentEventSchema, RefundEventSchema, PassengerCountEventSchema, PesticideTestEventSchema],
  'device_reason_event_type',
)
export type DeviceEvent = v.InferOutput<typeof DeviceEventSchema>

/** The batch's shape; each event is then checked on its own, so a bad one is reported by its id. */
export const DeviceBatchSchema = v.object(
  {
    events: v.pipe(
      v.array(v.unknown(), 'device_reason_batch'),
      v.minLength(1, 'device_reason_batch'),
      v.maxLength(MAX_BATCH_EVENTS, 'device_reason_batch_too_big'),
    ),
  },
  // A body that is not an object, or has no `events`, is told what to send (not "not valid").
  'device_reason_batch',
)

/** Which events the batch stored now, and which were stored by an earlier send. */
export const BatchResultSchema = v.object({
  accepted: v.array(v.string()),
  duplicates: v.array(v.string()),
})
export type BatchResult = v.InferOutput<typeof BatchResultSchema>

/** A refused batch: every bad event, by id (or position when it has none), with why. */
export const RejectedEventSchema = v.object({
  index: v.number(),
  id: v.nullable(v.string()),
  reason: v.string(),
  message: v.string(),
})
export type RejectedEvent = v.InferOutput<typeof RejectedEventSchema>

export const HeartbeatSchema = v.object({
  serverTime: v.string(),
  device: v.object({ code: v.string(), kind: v.string(), stallNo: v.string() }),
})
