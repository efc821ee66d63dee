import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { addDays, shanghaiDayOf } from '../../contract/time'
import type { Clock } from '../lib/clock'
import { rowsOf, type Database } from './client'

/** The tables partitioned by Shanghai day (migration 0007), whose old days are detached. */
const PARTITIONED = ['transactions', 'passenger_counts'] as const

/**
 * The shortest retention allowed: more than the year back ingest accepts (MAX_EVENT_AGE_MS, 366 days)
 * with a margin, so a device's year-old backlog still finds its day attached, and the partition job
 * (which makes every accepted day) never makes a day again that this job detached.
 */
export const MIN_RETAIN_DAYS = 400

const FIRST_MS = 60_000
const EVERY_MS = 60 * 60_000
/** Between two detaches, the requests that queued behind one run before the next. */
const PAUSE_MS = 100
/** One advisory lock for every instance's retention job (any fixed number no other job uses). */
const RETENTION_LOCK = 2_202_611_250

/** The first day kept at `now`: every day partition before it is detached. */
export function firstKeptDay(now: Date, retainDays: number): string {
  return addDays(shanghaiDayOf(now), -retainDays)
}

/** The day partitions of `table` still attached and older than `before`, oldest first. */
async function attachedBefore(db: Database, table: string, before: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = to_regclass(${table}) and c.relname ~ ${`^${table}_[0-9]{8}$`}
          order by c.relname`,
    ),
  )
  const last = `${table}_${before.replaceAll('-', '')}`
  return rows.map((row) => row.name).filter((name) => name < last)
}

/**
 * Detaches one partition in a transaction of its own. DETACH ... CONCURRENTLY is refused while the
 * table has a default partition (ours do), so this is the plain form: it holds ACCESS EXCLUSIVE on the
 * table for a few milliseconds, and gives up after lock_timeout rather than queue every request of the
 * table behind a long reader (the next run tries again). Under the advisory lock and after checking
 * the partition is still attached, so two instances never detach the same day: the second waits for
 * the first, then finds it done. Answers whether this call detached it.
 */
async function detachPartition(db: Database, table: string, partition: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '2s'`)
    await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK}::bigint)`)
    const [row] = rowsOf<{ attached: boolean }>(
      await tx.execute(
        sql`select exists (select 1 from pg_inherits
            where inhrelid = to_regclass(${partition}) and inhparent = to_regclass(${table})) as attached`,
      ),
    )
    if (!row?.attached) return false
    await tx.execute(sql`alter table ${sql.identifier(table)} detach partition ${sql.identifier(partition)}`)
    // Its ids came from the table's sequence: without the default, `pg_dump -t` of the day restores
    // on its own (the sequence is not in the dump). Nothing inserts into a detached day.
    await tx.execute(sql`alter table ${sql.identifier(partition)} alter column id drop default`)
    return true
  })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type RetentionOptions = {
  /** Waits between two detaches (tests pass one that does not). */
  pause?: () => Promise<void>
  /** Checked before each detach: a stopping server detaches no more. */
  stopped?: () => boolean
}

/**
 * Detaches every day partition of the partitioned tables older than `retainDays` days before today,
 * one at a time. The detached days stay as plain tables (transactions_YYYYMMDD) for the operator to
 * archive and drop (docs/operations.md, Retention); the rollups are not touched, so the dashboard's
 * figures for those days stay. Answers the partitions this call detached.
 */
export async function detachOldDays(
  db: Database,
  now: Date,
  retainDays: number,
  options: RetentionOptions = {},
): Promise<string[]> {
  const pause = options.pause ?? (() => sleep(PAUSE_MS))
  const before = firstKeptDay(now, retainDays)
  const detached: string[] = []
  let tried = 0
  for (const table of PARTITIONED) {
    for (const partition of await attachedBefore(db, table, before)) {
      if (options.stopped?.()) return detached
      if (tried++ > 0) await pause()
      if (await detachPartition(db, table, partition)) detached.push(partition)
    }
  }
  return detached
}

/**
 * With RETAIN_DAYS set, detaches the days past it a minute after start (catching up whatever a stopped
 * server missed) and then hourly, so a day goes within the hour it passes the bound. Every instance
 * runs it; the advisory lock and the check before each detach keep them apart (each day is detached once). Answers how to stop it.
 */
export function startRetention(
  db: Database,
  clock: Clock,
  logger: Pick<Logger, 'info' | 'warn'>,
  retainDays: number | null,
): () => void {
  if (retainDays === null) return () => {}
  let stopped = false
  const run = () => {
    detachOldDays(db, clock(), retainDays, { stopped: () => stopped }).then(
      (detached) => {
        if (detached.length > 0) logger.info({ detached, retainDays }, 'old day partitions detached')
      },
      (error: unknown) => logger.warn({ err: error }, 'could not detach old day partitions; trying again in an hour'),
    )
  }
  const first = setTimeout(run, FIRST_MS)
  const every = setInterval(run, EVERY_MS)
  first.unref()
  every.unref()
  return () => {
    stopped = true
    clearTimeout(first)
    clearInterval(every)
  }
}
