import * as v from 'valibot'

/**
 * The System page (issue 23 §2): what an operator watches. `platform` is read from the database (the
 * rollups, the devices), the same on every instance; `thisInstance` is the answering instance's own
 * counters since it started (refusals are not stored: a refused batch leaves no row anywhere).
 */

/** Why a device's event was refused: the words of docs/device-api.md's `reason` (device_reason_<reason>). */
export const REFUSAL_REASONS = [
  'batch',
  'batch_too_big',
  'event_id',
  'event_type',
  'amount',
  'method',
  'time',
  'period',
  'count',
  'produce',
  'stall',
  'inhibition',
  'result',
  'future',
  'too_old',
  'duplicate_in_batch',
  'kind_mismatch',
  'unknown_payment',
  'refund_exceeds',
  'total_too_large',
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** The kinds of event a device sends (contract/device-api.ts), and `unknown` for one that names none. */
export const INGEST_KINDS = ['payment', 'refund', 'passenger_count', 'pesticide_test', 'unknown'] as const
export type IngestKind = (typeof INGEST_KINDS)[number]

/** Markets listed, most devices offline first. */
export const SYSTEM_MARKETS = 10
/** Routes listed, slowest (p95) first. */
export const SYSTEM_SLOW_ROUTES = 8

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

const IngestMinuteSchema = v.object({
  /** The minute's start, ISO 8601 (UTC). */
  minute: v.string(),
  payments: count,
  refunds: count,
  tests: count,
})

const MarketDevicesSchema = v.object({
  marketId: v.string(),
  marketName: v.string(),
  bound: count,
  online: count,
  offline: count,
})

const RefusalSchema = v.object({ reason: v.picklist(REFUSAL_REASONS), events: count })

const SlowRouteSchema = v.object({
  method: v.string(),
  /** The route's template (`/api/markets/:id`), never an address with ids. */
  route: v.string(),
  requests: count,
  /** Estimated from the histogram's buckets, as PromQL's histogram_quantile does. */
  p95Ms: v.number(),
})

export const SystemSchema = v.object({
  asOf: v.string(),
  platform: v.object({
    /** The last 60 minutes, oldest first, every minute present: events by the minute they happened. */
    ingest: v.array(IngestMinuteSchema),
    devices: v.object({ bound: count, online: count }),
    /** The markets with the most devices offline (then the most bound), at most SYSTEM_MARKETS. */
    markets: v.array(MarketDevicesSchema),
  }),
  thisInstance: v.object({
    /** The instance's name (METRICS_INSTANCE, or its host and port): what /api/metrics labels it. */
    instance: v.string(),
    startedAt: v.string(),
    events: v.object({ accepted: count, duplicate: count, refused: count }),
    refusals: v.array(RefusalSchema),
    slowRoutes: v.array(SlowRouteSchema),
  }),
})
export type System = v.InferOutput<typeof SystemSchema>
