import type { MarketScope } from '../lib/scope'
import type { ReadDatabase } from '../db/client'
import type { ServerDeps } from '../lib/types'
import type { KeptFor } from '../lib/kept-answers'
import { deviceCounts, todayFigures } from './queries'

/**
 * The platform's device counts are kept for seconds: counting every bound device (190,000 at province
 * scale) took 60–230 ms a view, and the online figure moves by the sweep's 15 s steps anyway. A
 * market's few hundred are counted live.
 */
const PLATFORM_DEVICES_KEPT: KeptFor = { freshMs: 5_000, staleMs: 60_000 }

/** Today's figures for the caller's scope (server/dashboard/queries.ts), the platform's devices as kept. */
export function todayFor(deps: Pick<ServerDeps, 'clock' | 'keptAnswers'> & { db: ReadDatabase }, scope: MarketScope) {
  const now = deps.clock()
  if (scope !== null) return todayFigures(deps.db, scope, now)
  return todayFigures(deps.db, scope, now, () =>
    deps.keptAnswers.get('platform devices', now.getTime(), PLATFORM_DEVICES_KEPT, () =>
      deviceCounts(deps.db, null, now),
    ),
  )
}
