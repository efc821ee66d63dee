import { asc } from 'drizzle-orm'
import { markets } from '../db/schema'
import type { ScheduledJob } from '../lib/scheduled-jobs'
import { recomputeCredit } from './compute'

/**
 * Every merchant's credit, daily at 00:40 Shanghai (after the nightly rollup check): records older than
 * the window age out with the calendar alone, so no write would recompute them. One market a
 * transaction (its merchants locked for the few statements it takes), stopping between markets when
 * the server stops.
 */
export const creditRecomputeJob: ScheduledJob = {
  name: 'credit-recompute',
  schedule: { daily: '00:40' },
  catchUp: 1,
  run: async (ctx) => {
    const all = await ctx.db.select({ id: markets.id }).from(markets).orderBy(asc(markets.id))
    let changed = 0
    for (const market of all) {
      if (ctx.stopped()) return
      changed += await ctx.db.transaction((tx) => recomputeCredit(tx, market.id, null, ctx.now))
    }
    ctx.logger.info({ markets: all.length, changed }, 'credit recomputed')
  },
}
