import { sql } from 'drizzle-orm'
import { MAX_CLOCK_AHEAD_MS, MAX_EVENT_AGE_MS } from '../../contract/device-api'
import { addDays, shanghaiDayOf } from '../../contract/time'
import { rowsOf, type Database } from '../db/client'
import { deadlockDetected, lockNotAvailable } from '../lib/db-errors'
import { retried } from '../lib/retry'

/** Tables partitioned by Shanghai day (migration 0007). */
const PARTITIONED = ['transactions', 'passenger_counts'] as const
/** Days made ahead, so the day's first payment never lands in the default partition. */
export const DAYS_AHEAD = 7
/**
 * Days one statement makes in one table. Each statement is a transaction holding its table's lock
 * (ACCESS EXCLUSIVE on the parent: every reader and writer of the table waits) until it commits:
 * measured on PostgreSQL, ~3 ms a day, so a chunk holds it ~10 ms.
 */
const CHUNK_DAYS = 4
/** Between two chunks, the requests that queued behind one run before the next. */
const PAUSE_MS = 100
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * How long making a table's days waits for its lock. A long reader (a pg_dump holds every table for
 * the whole dump) would otherwise hold the statement, and every request of the table queued behind
 * its lock request, until it ends.
 */
const LOCK_TIMEOUT = '2s'
/**
 * Times a statement chosen to break a deadlock is tried again: a concurrent index build on the default
 * partition (server/db/partition-indexes.ts) waits for this transaction while holding a lock it needs.
 */
const DEADLOCK_ATTEMPTS = 3

/**
 * Makes each day in [first, last] its partition in every partitioned table: one statement per table,
 * each in a transaction of its own. A day made meanwhile by another instance is skipped by the SQL
 * function, and so is a day whose rows already sit in the default partition (they stay correct there).
 * A table whose lock was not had within LOCK_TIMEOUT is left for the next run (its rows meanwhile go to
 * the default partition, correct there too). Answers how many partitions it made. Never called on a
 * request's path: making one locks its table.
 */
export async function makeDayPartitions(db: Database, first: string, last: string): Promise<number> {
  let made = 0
  for (const table of PARTITIONED) {
    try {
      made += await makeTableDays(db, table, first, last)
    } catch (error) {
      if (!lockNotAvailable(error)) throw error
    }
  }
  return made
}

/** One table's days in one transaction; a deadlock's victim made nothing, so it is tried again. */
const makeTableDays = (db: Database, table: string, first: string, last: string) =>
  retried(
    () =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`))
        const [row] = rowsOf<{ made: number }>(
          await tx.execute(sql`select ensure_day_partitions(${table}, ${first}::date, ${last}::date) as made`),
        )
        return Number(row?.made ?? 0)
      }),
    { attempts: DEADLOCK_ATTEMPTS, retryable: deadlockDetected, waitMs: (attempt) => attempt * PAUSE_MS },
  )

/** The days ingest accepts an event for at `now`: a year back (MAX_EVENT_AGE_MS) to DAYS_AHEAD ahead. */
export function acceptedDays(now: Date): { first: string; last: string } {
  return {
    first: shanghaiDayOf(now.getTime() - MAX_EVENT_AGE_MS),
    last: addDays(shanghaiDayOf(now.getTime() + MAX_CLOCK_AHEAD_MS), DAYS_AHEAD),
  }
}

/** The window in chunks, in the order they are made: today and the coming week, then back to the oldest day. */
export function windowChunks(now: Date, chunkDays = CHUNK_DAYS): { first: string; last: string }[] {
  const { first, last } = acceptedDays(now)
  const today = shanghaiDayOf(now)
  const chunks = [{ first: today, last }]
  // Backwards: a device back from an outage sends its most recent days first more often than not.
  for (let end = addDays(today, -1); end >= first; end = addDays(end, -chunkDays)) {
    const start = addDays(end, -(chunkDays - 1))
    chunks.push({ first: start < first ? first : start, last: end })
  }
  return chunks
}

export type WindowOptions = {
  chunkDays?: number
  /** Waits between chunks (tests pass one that does not). */
  pause?: () => Promise<void>
  /** Checked before each chunk: a stopping server makes no more. */
  stopped?: () => boolean
}

/**
 * Makes every day ingest accepts its partitions ahead of time, in chunks of a few days with a pause
 * between, so no request waits long behind the job and no batch ever runs DDL. Answers how many it made.
 */
export async function makePartitionWindow(db: Database, now: Date, options: WindowOptions = {}): Promise<number> {
  const pause = options.pause ?? (() => sleep(PAUSE_MS))
  let made = 0
  for (const [i, chunk] of windowChunks(now, options.chunkDays).entries()) {
    if (options.stopped?.()) break
    if (i > 0) await pause()
    made += await makeDayPartitions(db, chunk.first, chunk.last)
  }
  return made
}

/** Today's and the next week's partitions: the new day each day (two statements when there is nothing to make). */
export async function makeUpcomingPartitions(db: Database, now: Date): Promise<number> {
  const today = shanghaiDayOf(now)
  return makeDayPartitions(db, today, addDays(today, DAYS_AHEAD))
}
