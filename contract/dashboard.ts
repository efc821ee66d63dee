import * as v from 'valibot'
import { PAYMENT_METHODS } from './device-api'
import { TestItemSchema, TransactionItemSchema } from './live'
import { MarketQueryEntries } from './scope'

/**
 * The workplace dashboard's figures (issue 10), one endpoint per widget so each loads, fails and
 * retries on its own. Money is integer fen; days are Asia/Shanghai days; times YYYY-MM-DD HH:mm:ss.
 */

/**
 * `fresh=1`: read the primary, never the read replica (issue 22 §2): the console's re-read after a live
 * event, which must include that event; a replica may be a second or two behind.
 */
const FreshEntries = { fresh: v.optional(v.picklist(['1'], 'validation_invalid')) }

export const DashboardQuerySchema = v.object({ ...MarketQueryEntries, ...FreshEntries })

const TodayFiguresSchema = v.object({
  paymentFen: v.number(),
  payments: v.number(),
  refunds: v.number(),
  refundFen: v.number(),
})
export const TodaySchema = v.object({
  /** Today so far. */
  today: TodayFiguresSchema,
  /** Yesterday up to the same time of day: what "change" compares with. */
  yesterday: TodayFiguresSchema,
  onlineDevices: v.number(),
  boundDevices: v.number(),
  /** The instant the figures were read at (ISO), so the client can tell how fresh they are. */
  asOf: v.string(),
})
export type Today = v.InferOutput<typeof TodaySchema>

/** The last 30 days, oldest first, today last (days without trade hold zeros). */
export const DailySchema = v.array(v.object({ day: v.string(), paymentFen: v.number(), payments: v.number() }))
export type Daily = v.InferOutput<typeof DailySchema>

export const RANKING_PERIODS = ['today', '7d', '30d'] as const
export type RankingPeriod = (typeof RANKING_PERIODS)[number]
const RANKING_METRICS = ['amount', 'orders'] as const
export type RankingMetric = (typeof RANKING_METRICS)[number]
export const RANKING_SIZE = 10

export const RankingQuerySchema = v.object({
  ...MarketQueryEntries,
  ...FreshEntries,
  period: v.optional(v.picklist(RANKING_PERIODS, 'validation_invalid'), 'today'),
  metric: v.optional(v.picklist(RANKING_METRICS, 'validation_invalid'), 'amount'),
})
export const RankingSchema = v.array(
  v.object({
    merchantId: v.string(),
    merchantName: v.string(),
    stallNo: v.string(),
    marketName: v.string(),
    paymentFen: v.number(),
    payments: v.number(),
  }),
)
export type Ranking = v.InferOutput<typeof RankingSchema>

/** Passengers in (and out) per 10 minutes today, from midnight to now. */
export const PassengerFlowSchema = v.array(v.object({ time: v.string(), in: v.number(), out: v.number() }))

/** The last 60 minutes, one point a minute, oldest first (the current minute last). */
export const MinutesSchema = v.array(v.object({ time: v.string(), paymentFen: v.number(), payments: v.number() }))

/** Today's payments by method, in PAYMENT_METHODS order (methods without payments hold zeros). */
export const MethodsSchema = v.array(
  v.object({ method: v.picklist(PAYMENT_METHODS), paymentFen: v.number(), payments: v.number() }),
)

export const LATEST_TRANSACTIONS = 20
export const LatestTransactionsSchema = v.array(TransactionItemSchema)

export const LATEST_TESTS = 10
export const LatestTestsSchema = v.array(TestItemSchema)
