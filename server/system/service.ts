import { SYSTEM_SLOW_ROUTES, type System } from '../../contract/system'
import type { KeptFor } from '../lib/kept-answers'
import { DURATION_BOUNDS, quantileOf } from '../lib/route-timings'
import type { ServerDeps } from '../lib/types'
import { deviceFigures, ingestMinutes } from './queries'

/**
 * Counting every bound device (190,000 at province scale) takes tens of milliseconds: kept a few
 * seconds, as the Workplace keeps its platform count, so several operators watching cost one count.
 */
const DEVICES_KEPT: KeptFor = { freshMs: 5_000, staleMs: 60_000 }

type SystemDeps = Pick<ServerDeps, 'reads' | 'clock' | 'keptAnswers' | 'metrics'>

/** The System page's figures: the platform's from the database, this instance's from its own metrics. */
export async function systemFor(deps: SystemDeps): Promise<System> {
  const now = deps.clock()
  const [ingest, devices, totals] = await Promise.all([
    deps.reads.run((db) => ingestMinutes(db, now)),
    deps.keptAnswers.get('system devices', now.getTime(), DEVICES_KEPT, () =>
      deps.reads.run((db) => deviceFigures(db, now)),
    ),
    deps.metrics.ingestTotals(),
  ])
  return {
    asOf: now.toISOString(),
    platform: { ingest, ...devices },
    thisInstance: {
      instance: deps.metrics.instance,
      startedAt: deps.metrics.startedAt.toISOString(),
      ...totals,
      slowRoutes: slowRoutes(deps.metrics),
    },
  }
}

/** The API routes with the highest p95 on this instance, every status of a route together. */
function slowRoutes(metrics: SystemDeps['metrics']): System['thisInstance']['slowRoutes'] {
  const byRoute = new Map<string, { method: string; route: string; buckets: number[] }>()
  for (const series of metrics.routes.series()) {
    if (!series.route.startsWith('/api/')) continue
    const key = `${series.method} ${series.route}`
    let entry = byRoute.get(key)
    if (!entry)
      byRoute.set(
        key,
        (entry = { method: series.method, route: series.route, buckets: Array(DURATION_BOUNDS.length + 1).fill(0) }),
      )
    series.buckets.forEach((count, index) => {
      entry.buckets[index] = (entry.buckets[index] ?? 0) + count
    })
  }
  return [...byRoute.values()]
    .map(({ method, route, buckets }) => ({
      method,
      route,
      requests: buckets.reduce((sum, count) => sum + count, 0),
      p95Ms: Math.round((quantileOf(buckets, 0.95) ?? 0) * 10_000) / 10,
    }))
    .sort((a, b) => b.p95Ms - a.p95Ms || b.requests - a.requests || (a.route < b.route ? -1 : 1))
    .slice(0, SYSTEM_SLOW_ROUTES)
}
