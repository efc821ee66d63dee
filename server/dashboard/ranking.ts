import type { RankingMetric, RankingPeriod } from '../../contract/dashboard'
import { shanghaiDayOf } from '../../contract/time'
import type { MarketScope } from '../lib/scope'
import type { ServerDeps } from '../lib/types'
import type { KeptFor } from './kept-answers'
import { merchantRanking } from './queries'

/**
 * How long a platform-wide ranking is kept (server/dashboard/kept-answers.ts). A market's rankings
 * sum its own couple of hundred merchants and are always read live; so is the platform's today, which
 * reads one row per merchant that traded today from an index.
 */
const PLATFORM_KEPT: Record<Exclude<RankingPeriod, 'today'>, KeptFor> = {
  '7d': { freshMs: 60_000, staleMs: 15 * 60_000 },
  '30d': { freshMs: 5 * 60_000, staleMs: 30 * 60_000 },
}

/** The top merchants for the caller's scope; the platform's 7 and 30 days as kept. */
export function rankingFor(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'keptAnswers'>,
  scope: MarketScope,
  period: RankingPeriod,
  metric: RankingMetric,
) {
  const now = deps.clock()
  if (scope !== null || period === 'today') return merchantRanking(deps.db, scope, now, period, metric)
  // The day is in the key: after midnight the window moves, and yesterday's answer is not served.
  const key = `ranking ${period} ${metric} ${shanghaiDayOf(now)}`
  return deps.keptAnswers.get(key, now.getTime(), PLATFORM_KEPT[period], () =>
    merchantRanking(deps.db, scope, now, period, metric),
  )
}
