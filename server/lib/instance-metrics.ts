import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client'
import { INGEST_KINDS, REFUSAL_REASONS, type IngestKind, type RefusalReason } from '../../contract/system'
import { DURATION_BOUNDS, RouteTimings, type RouteSeries } from './route-timings'

/**
 * This instance's metrics (issue 23 §2), in a Registry of its own (never prom-client's global one: a
 * test runs several apps in one process, each an instance). Every sample carries `instance`. Labels
 * are fixed words and route templates only: never a name, an id, a device code or an address.
 */

/** What the gauges read when scraped (wired by createApp: the presence record, the live bus, the pool). */
export type MetricSources = {
  devicesOnline: () => number
  liveSubscribers: () => number
  /** The primary's driver and how many connections this instance may open to it. */
  pool: { driver: 'postgres' | 'pglite'; max: number }
  /**
   * This instance's connections by state. postgres.js keeps its queues to itself, so the states are
   * PostgreSQL's own (pg_stat_activity, by this instance's application_name); PGlite is one connection
   * inside the process and reports no queue: null, as when the database does not answer.
   */
  poolStates: () => Promise<Record<string, number> | null>
}

const SET_REASONS = new Set<string>(REFUSAL_REASONS)
const SET_KINDS = new Set<string>(INGEST_KINDS)
const kindOf = (raw: unknown): IngestKind => {
  const type = raw && typeof raw === 'object' && 'type' in raw ? raw.type : null
  return typeof type === 'string' && SET_KINDS.has(type) ? (type as IngestKind) : 'unknown'
}

export class InstanceMetrics {
  readonly registry = new Registry()
  readonly routes = new RouteTimings()
  readonly startedAt = new Date()
  readonly deviceEvents: Counter<'kind' | 'outcome'>
  readonly deviceBatches: Counter<'outcome'>
  readonly refusedEvents: Counter<'reason'>
  readonly liveLag: Histogram
  private watching = false
  private processMetrics = false

  constructor(readonly instance: string) {
    const registers = [this.registry]
    this.registry.setDefaultLabels({ instance })
    registerCollected(this.registry, requestCounter(this.routes))
    registerCollected(this.registry, requestHistogram(this.routes))
    this.deviceEvents = new Counter({
      name: 'ds_device_events_total',
      help: 'Device events this instance received, by kind and outcome (accepted: stored now; duplicate: stored before; refused: in a refused batch; failed: the batch failed to store)',
      labelNames: ['kind', 'outcome'],
      registers,
    })
    this.deviceBatches = new Counter({
      name: 'ds_device_batches_total',
      help: 'Device batches this instance received, by outcome (accepted: stored, with at least one new event; duplicate: every event stored before; refused; failed)',
      labelNames: ['outcome'],
      registers,
    })
    this.refusedEvents = new Counter({
      name: 'ds_device_refused_events_total',
      help: "Device events named in refused batches, by the reason the device was told (docs/device-api.md); 'batch' and 'batch_too_big' count a batch that was not a list of 1 to 500 events",
      labelNames: ['reason'],
      registers,
    })
    this.liveLag = new Histogram({
      name: 'ds_live_bus_lag_seconds',
      help: "From a live event's making (inside the writing transaction, on whichever instance) to its arrival on this instance's bus: the commit, NOTIFY's delivery and this event loop; instances' clocks differ by their skew",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    for (const outcome of ['accepted', 'duplicate', 'refused', 'failed'] as const)
      this.deviceBatches.inc({ outcome }, 0)
  }

  /** The gauges read at scrape time; once per instance. */
  watch(sources: MetricSources): void {
    if (this.watching) return
    this.watching = true
    const registers = [this.registry]
    new Gauge({
      name: 'ds_devices_online',
      help: 'Devices that called this instance and that the database holds online (seen within 2 minutes); a device calling several instances counts on each',
      registers,
      collect() {
        this.set(sources.devicesOnline())
      },
    })
    new Gauge({
      name: 'ds_live_subscribers',
      help: "Open /api/stream subscribers on this instance's live bus",
      registers,
      collect() {
        this.set(sources.liveSubscribers())
      },
    })
    new Gauge({
      name: 'ds_db_pool_max_connections',
      help: 'Connections this instance may open to the primary (PGlite: 1, in the process)',
      labelNames: ['driver'],
      registers,
    }).set({ driver: sources.pool.driver }, sources.pool.max)
    new Gauge({
      name: 'ds_db_pool_connections',
      help: "This instance's connections to the primary by PostgreSQL state (pg_stat_activity; the scrape's own query not counted); absent on PGlite, which exposes none",
      labelNames: ['state'],
      registers,
      async collect() {
        const states = await sources.poolStates()
        this.reset()
        for (const [state, n] of Object.entries(states ?? {})) this.set({ state: poolState(state) }, n)
      },
    })
  }

  /** Node's process metrics (CPU, memory, event loop, GC) on this registry; only when /api/metrics is on. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return
    this.processMetrics = true
    collectDefaultMetrics({ register: this.registry })
  }

  /** A batch stored: each event accepted (new) or a duplicate. */
  stored(events: readonly { id: string; type: string }[], fresh: ReadonlySet<string>): void {
    for (const event of events)
      this.deviceEvents.inc({ kind: kindOf(event), outcome: fresh.has(event.id) ? 'accepted' : 'duplicate' })
    this.deviceBatches.inc({ outcome: fresh.size > 0 ? 'accepted' : 'duplicate' })
  }

  /** A batch refused (every event in it), with the reasons of the events it named; or failed to store. */
  notStored(raw: readonly unknown[], outcome: 'refused' | 'failed', reasons: readonly string[] = []): void {
    for (const item of raw) this.deviceEvents.inc({ kind: kindOf(item), outcome })
    this.deviceBatches.inc({ outcome })
    for (const reason of reasons) this.refusedEvents.inc({ reason: SET_REASONS.has(reason) ? reason : 'event_type' })
  }

  /** A batch refused before its events were read (not a list of 1 to 500). */
  batchRefused(reason: Extract<RefusalReason, 'batch' | 'batch_too_big'>): void {
    this.deviceBatches.inc({ outcome: 'refused' })
    this.refusedEvents.inc({ reason })
  }

  /** This instance's event counts and refusals by reason, since it started (the System page). */
  async ingestTotals(): Promise<{
    events: Record<'accepted' | 'duplicate' | 'refused', number>
    refusals: { reason: RefusalReason; events: number }[]
  }> {
    const events = { accepted: 0, duplicate: 0, refused: 0 }
    for (const { labels, value } of (await this.deviceEvents.get()).values) {
      const outcome = labels.outcome
      if (outcome === 'accepted' || outcome === 'duplicate' || outcome === 'refused') events[outcome] += value
    }
    const refusals = (await this.refusedEvents.get()).values
      .filter(({ value }) => value > 0)
      .map(({ labels, value }) => ({ reason: String(labels.reason) as RefusalReason, events: value }))
      .sort((a, b) => b.events - a.events)
    return { events, refusals }
  }
}

/** pg_stat_activity's states are a fixed set; anything else (a newer server's) is one word. */
const POOL_STATES = new Set([
  'active',
  'idle',
  'idle in transaction',
  'idle in transaction (aborted)',
  'fastpath function call',
  'disabled',
])
const poolState = (state: string) => (POOL_STATES.has(state) ? state : 'other')

type Collected = {
  name: string
  help: string
  type: 'counter' | 'histogram'
  aggregator: 'sum'
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[]
}

/**
 * A metric computed when scraped, in the shape prom-client's Registry writes out. registerMetric is
 * typed for prom-client's own four classes; it reads only `name` and `get()` (and the type for
 * OpenMetrics), which this object has.
 */
function registerCollected(registry: Registry, metric: { name: string; get: () => Promise<Collected> }): void {
  registry.registerMetric(metric as unknown as Metric)
}

const seriesLabels = (series: RouteSeries) => ({ route: series.route, method: series.method, status: series.status })

/** A metric whose values are read from this instance's own counters when scraped. */
function collectedMetric(
  name: string,
  help: string,
  type: Collected['type'],
  values: () => Collected['values'],
): { name: string; get: () => Promise<Collected> } {
  return { name, get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) }
}

const requestCounter = (routes: RouteTimings) =>
  collectedMetric(
    'ds_http_requests_total',
    'Requests this instance answered, by route template, method and status',
    'counter',
    () => routes.series().map((series) => ({ labels: seriesLabels(series), value: series.count })),
  )

function requestHistogram(routes: RouteTimings) {
  const name = 'ds_http_request_duration_seconds'
  return collectedMetric(
    name,
    'Time to answer a request (to the first byte of a stream), by route template, method and status',
    'histogram',
    () =>
      routes.series().flatMap((series) => {
        const labels = seriesLabels(series)
        let cumulative = 0
        const buckets = [...DURATION_BOUNDS, '+Inf' as const].map((bound, index) => {
          cumulative += series.buckets[index] as number
          return { metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative }
        })
        return [
          ...buckets,
          { metricName: `${name}_sum`, labels, value: series.sum },
          { metricName: `${name}_count`, labels, value: series.count },
        ]
      }),
  )
}
