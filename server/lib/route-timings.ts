/**
 * Every request's duration by route template, method and status, kept in plain arrays: the one
 * metric touched on every request. prom-client's own Histogram validates the labels and builds a hash
 * string on each observation (about 2 µs and two allocations measured here); this costs three Map
 * lookups, a bucket search and three additions (about 50 ns, nothing allocated), and is written out in
 * prom-client's shape when scraped (./registry.ts).
 */

/** Upper bounds in seconds: API answers take milliseconds; a slow export or a stalled database seconds. */
export const DURATION_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

export type RouteSeries = {
  route: string
  method: string
  status: number
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  buckets: Float64Array
  count: number
  /** Seconds. */
  sum: number
}

/** Methods as labels; anything else (Node parses a few dozen) is one value, so a caller cannot add series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export class RouteTimings {
  private readonly byRoute = new Map<string, Map<string, Map<number, RouteSeries>>>()

  /**
   * One request. `route` is the matched route's template (Hono's registered path, `/api/markets/:id`),
   * never the URL: ids and query strings would make a series per record.
   */
  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route)
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()))
    const label = METHODS.has(method) ? method : 'OTHER'
    let byStatus = byMethod.get(label)
    if (!byStatus) byMethod.set(label, (byStatus = new Map()))
    let series = byStatus.get(status)
    if (!series) {
      series = { route, method: label, status, buckets: new Float64Array(DURATION_BOUNDS.length + 1), count: 0, sum: 0 }
      byStatus.set(status, series)
    }
    let bucket = 0
    while (bucket < DURATION_BOUNDS.length && seconds > (DURATION_BOUNDS[bucket] as number)) bucket++
    series.buckets[bucket] = (series.buckets[bucket] as number) + 1
    series.count++
    series.sum += seconds
  }

  /** Every series so far (a copy of the list, the figures live). */
  series(): RouteSeries[] {
    const all: RouteSeries[] = []
    for (const byMethod of this.byRoute.values())
      for (const byStatus of byMethod.values()) for (const series of byStatus.values()) all.push(series)
    return all
  }
}

/**
 * The q-quantile (0.95) of bucketed observations, interpolated inside its bucket as PromQL's
 * histogram_quantile does; null with no observations. Past the last finite bound it answers that bound.
 */
export function quantileOf(buckets: ArrayLike<number>, q: number): number | null {
  let total = 0
  for (let i = 0; i < buckets.length; i++) total += buckets[i] as number
  if (total === 0) return null
  const rank = q * total
  let below = 0
  for (let i = 0; i < buckets.length; i++) {
    const inBucket = buckets[i] as number
    if (below + inBucket >= rank && inBucket > 0) {
      if (i >= DURATION_BOUNDS.length) return DURATION_BOUNDS[DURATION_BOUNDS.length - 1] as number
      const lower = i === 0 ? 0 : (DURATION_BOUNDS[i - 1] as number)
      const upper = DURATION_BOUNDS[i] as number
      return lower + ((upper - lower) * (rank - below)) / inBucket
    }
    below += inBucket
  }
  return DURATION_BOUNDS[DURATION_BOUNDS.length - 1] as number
}
