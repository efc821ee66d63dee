import { sql } from 'drizzle-orm'
import { addDays, shanghaiDayStart } from '../../contract/time'
import { rowsOf, type Database } from '../db/client'
import type { JobContext, ScheduledJob } from '../lib/scheduled-jobs'

/**
 * The minute rollup (market_minute_stats) answers today's figures, yesterday's up to the same minute,
 * the last hour and the nightly check of yesterday (caught up at most 7 days back). At province scale
 * it grows by about a million rows a day, so days older than MINUTE_KEEP_DAYS are deleted: the day,
 * merchant and method rollups keep every day's figures for the statements and the 30-day statistic.
 * A device's year-old backlog still adds to its day's rollups; its minutes are let go the next night.
 */
export const MINUTE_KEEP_DAYS = 14

/** Rows per delete: each statement ends within milliseconds, so requests queued behind it run. */
const CHUNK = 10_000
const PAUSE_MS = 50

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type PruneOptions = { chunk?: number; pause?: () => Promise<void>; stopped?: () => boolean }

/** Deletes the minute rows before `before`, a chunk at a time; answers how many went. */
export async function pruneMinuteRollups(db: Database, before: Date, options: PruneOptions = {}): Promise<number> {
  const chunk = options.chunk ?? CHUNK
  const pause = options.pause ?? (() => sleep(PAUSE_MS))
  let deleted = 0
  for (;;) {
    if (options.stopped?.()) return deleted
    // By ctid through the minute index: a bounded delete (PostgreSQL has no DELETE ... LIMIT).
    const rows = rowsOf<{ n: number }>(
      await db.execute(
        sql`with gone as (
              delete from market_minute_stats where ctid in (
                select ctid from market_minute_stats where minute < ${before.toISOString()}::timestamptz limit ${chunk})
              returning 1)
            select count(*)::int as n from gone`,
      ),
    )
    const n = Number(rows[0]?.n ?? 0)
    deleted += n
    if (n < chunk) return deleted
    await pause()
  }
}

/** The first minute kept when the job runs for Shanghai day `day`. */
export function firstKeptMinute(day: string): Date {
  return shanghaiDayStart(addDays(day, -MINUTE_KEEP_DAYS))
}

/** Nightly at 03:30 Shanghai, after the rollup check (00:20) has read yesterday's minutes. */
export const minuteRollupPruneJob: ScheduledJob = {
  name: 'minute-rollup-prune',
  schedule: { daily: '03:30' },
  // One run deletes everything older: a missed night needs no catching up of its own.
  catchUp: 1,
  run: async (ctx: JobContext) => {
    const deleted = await pruneMinuteRollups(ctx.db, firstKeptMinute(ctx.day), { stopped: ctx.stopped })
    if (deleted > 0) ctx.logger.info({ deleted, day: ctx.day }, 'minute rollups pruned')
  },
}
