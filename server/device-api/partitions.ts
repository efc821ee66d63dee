import { sql } from 'drizzle-orm'
import { addDays, shanghaiDayOf } from '../../contract/time'
import type { Database } from '../db/client'

/** Tables partitioned by Shanghai day (migration 0007). */
const PARTITIONED = ['transactions', 'passenger_counts'] as const
/** Days made ahead, so the day's first payment never waits for a CREATE TABLE. */
const DAYS_AHEAD = 7

/** Days this process knows have their partitions, per database: checked once each, then free. */
const knownDays = new WeakMap<Database, Set<string>>()

/**
 * Makes sure each day has its partition in every partitioned table, outside any transaction (making
 * one locks its parent briefly). A day made by another instance is skipped by the SQL function; a day
 * whose rows already went to the default partition keeps them there.
 */
export async function ensureDayPartitions(db: Database, days: Iterable<string>): Promise<void> {
  let known = knownDays.get(db)
  if (!known) knownDays.set(db, (known = new Set()))
  const missing = [...new Set(days)].filter((day) => !known.has(day)).sort()
  if (missing.length === 0) return
  for (const table of PARTITIONED) {
    for (const day of missing) {
      await db.execute(sql`select ensure_day_partitions(${table}, ${day}::date, ${day}::date)`)
    }
  }
  for (const day of missing) known.add(day)
}

/** Today's and the next week's partitions: at start and then daily. */
export async function ensureUpcomingPartitions(db: Database, now: Date): Promise<void> {
  const today = shanghaiDayOf(now)
  await ensureDayPartitions(
    db,
    Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => addDays(today, i)),
  )
}
