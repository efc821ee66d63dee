import type { RankingMetric, RankingPeriod } from '../../contract/dashboard'
import { shanghaiDayOf } from '../../contract/time'
import type { MarketScope } from '../lib/scope'
import type { ReadDatabase } from '../db/client'
import type { ServerDeps } from '../lib/types'
import type { KeptFor } from '../lib/kept-answers'
import { merchantRankings } from './queries'

/**
 * How long a platform-wide ranking is kept (server/lib/kept-answers.ts). A market's rankings
 * sum its own couple of hundred merchants and are always read live. The platform's today sums a row
 * for every merchant that traded today (190,000 at province scale: 0.7 s), so it is kept for seconds.
 */
const PLATFORM_KEPT: Record<RankingPeriod, KeptFor> = {
  today: { freshMs: 10_000, staleMs: 2 * 60_000 },
  '7d': { freshMs: 60_000, staleMs: 15 * 60_000 },
  '30d': { freshMs: 5 * 60_000, staleMs: 30 * 60_000 },
}

/**
 * The top merchants for the caller's scope; the platform's as kept. Both metrics come from one
 * aggregation, and the platform keeps them together: the dashboard asks for both at once.
 */
export async function rankingFor(
  deps: Pick<ServerDeps, 'clock' | 'keptAnswers'> & { db: ReadDatabase },
  scope: MarketScope,
  period: RankingPeriod,
  metric: RankingMetric,
) {
  const now = deps.clock()
  if (scope !== null) return (await merchantRankings(deps.db, scope, now, period))[metric]
  // The day is in the key: after midnight the window moves, and yesterday's answer is not served.
  const key = `rankings ${period} ${shanghaiDayOf(now)}`
  const kept = await deps.keptAnswers.get(key, now.getTime(), PLATFORM_KEPT[period], () =>
    merchantRankings(deps.db, scope, now, period),
  )
  return kept[metric]
}
