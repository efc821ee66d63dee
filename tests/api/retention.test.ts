import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_EVENT_AGE_MS } from '../../contract/device-api'
import { addDays, shanghaiDayOf } from '../../contract/time'
import { rowsOf, type DatabaseHandle } from '../../server/db/client'
import { detachOldDays, firstKeptDay, MIN_RETAIN_DAYS } from '../../server/db/retention'
import { DAYS_AHEAD, makeDayPartitions } from '../../server/device-api/partitions'
import { readEnv } from '../../server/env'
import { createTestDb } from '../helpers/test-db'

/**
 * Retention (issue 22): with RETAIN_DAYS set, the day partitions of transactions and passenger_counts
 * older than the bound are detached (left as plain tables for the operator to archive), the newer ones
 * stay, the rollups keep every day's figures, and several instances running the job at once detach
 * each day once. Runs the same on PGlite and PostgreSQL.
 */

let handle: DatabaseHandle
const now = new Date('2026-11-01T02:00:00Z')
const today = shanghaiDayOf(now)
const RETAIN = MIN_RETAIN_DAYS
const market = randomUUID()
const noPause = { pause: async () => {} }

const query = async <T>(text: SQL) => rowsOf<T>(await handle.db.execute(text))
const day8 = (day: string) => day.replaceAll('-', '')
/** The day partitions still attached to `table`. */
const attached = async (table: string) =>
  (
    await query<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = ${table}::regclass and c.relname <> ${`${table}_default`} order by 1`,
    )
  ).map((row) => row.name)
const rollups = () =>
  query<{ day: string; payments: number; fen: number; passengers: number }>(
    sql`select day::text as day, payments::int as payments, payment_fen::int as fen, passengers_in::int as passengers
        from market_day_stats where market_id = ${market}::uuid order by day`,
  )

/** A day's partitions with one payment and one passenger count in them, and its rollup row, as ingest leaves them. */
async function dayWithData(day: string) {
  await makeDayPartitions(handle.db, day, day)
  const at = `${day}T09:00:00+08:00`
  await handle.db.execute(
    sql`insert into transactions (market_id, device_id, stall_no, event_id, type, method, amount_fen, occurred_at)
        values (${market}::uuid, ${market}::uuid, 'A-1', ${`pay-${day}`}, 'payment', 'wechat', 1234, ${at}::timestamptz)`,
  )
  await handle.db.execute(
    sql`insert into passenger_counts (market_id, device_id, event_id, period_start, period_seconds, count_in, count_out)
        values (${market}::uuid, ${market}::uuid, ${`gate-${day}`}, ${at}::timestamptz, 60, 7, 5)`,
  )
  await handle.db.execute(
    sql`insert into market_day_stats (market_id, day, payments, payment_fen, passengers_in)
        values (${market}::uuid, ${day}::date, 1, 1234, 7)`,
  )
}

const OLD = [addDays(today, -RETAIN - 30), addDays(today, -RETAIN - 2), addDays(today, -RETAIN - 1)]
const KEPT = [addDays(today, -RETAIN), addDays(today, -RETAIN + 1), addDays(today, -300), today]

beforeAll(async () => {
  handle = await createTestDb()
  for (const day of [...OLD, ...KEPT]) await dayWithData(day)
})
afterAll(async () => {
  await handle.close()
})

describe('the retention bound', () => {
  it('is longer than the year a device may send back, so a backlog always finds its day attached', () => {
    expect(MIN_RETAIN_DAYS).toBeGreaterThan(MAX_EVENT_AGE_MS / 86_400_000 + DAYS_AHEAD)
    expect(firstKeptDay(now, RETAIN)).toBe(addDays(today, -RETAIN))
  })

  it('is off unless RETAIN_DAYS is set, and refused below the minimum or when not a number', () => {
    expect(readEnv({}).retainDays).toBeNull()
    expect(readEnv({ RETAIN_DAYS: '' }).retainDays).toBeNull()
    expect(readEnv({ RETAIN_DAYS: '730' }).retainDays).toBe(730)
    expect(() => readEnv({ RETAIN_DAYS: '399' })).toThrow(/RETAIN_DAYS must be at least 400/)
    expect(() => readEnv({ RETAIN_DAYS: '2y' })).toThrow(/RETAIN_DAYS must be a number/)
  })
})

describe('detaching old days', () => {
  it('detaches the partitions of the days before the bound and keeps the others, rollups untouched', async () => {
    const before = await rollups()
    expect(before).toHaveLength(OLD.length + KEPT.length)
    const detached = await detachOldDays(handle.db, now, RETAIN, noPause)
    expect(detached.sort()).toEqual(
      OLD.flatMap((day) => [`transactions_${day8(day)}`, `passenger_counts_${day8(day)}`]).sort(),
    )
    for (const table of ['transactions', 'passenger_counts']) {
      expect(await attached(table)).toEqual(KEPT.map((day) => `${table}_${day8(day)}`).sort())
    }
    // The old days' rows are no longer read through the tables; they wait in plain tables to be archived.
    const [through] = await query<{ n: number }>(sql`select count(*)::int as n from transactions`)
    expect(through?.n).toBe(KEPT.length)
    const [kept] = await query<{ n: number; fen: number }>(
      sql`select count(*)::int as n, sum(amount_fen)::int as fen from ${sql.identifier(`transactions_${day8(OLD[0] ?? '')}`)}`,
    )
    expect(kept).toEqual({ n: 1, fen: 1234 })
    const [counted] = await query<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(`passenger_counts_${day8(OLD[0] ?? '')}`)}`,
    )
    expect(counted?.n).toBe(1)
    // Archived on its own: nothing in a detached day names the table's sequence, which `pg_dump -t` leaves out.
    const defaults = await query<{ table_name: string; column_default: string | null }>(
      sql`select table_name, column_default from information_schema.columns
          where column_name = 'id' and table_name in (${`transactions_${day8(OLD[0] ?? '')}`}, ${`passenger_counts_${day8(OLD[0] ?? '')}`})`,
    )
    expect(defaults).toHaveLength(2)
    expect(defaults.every((row) => row.column_default === null)).toBe(true)
    // The dashboard's figures for every day, detached or not, are where they were.
    expect(await rollups()).toEqual(before)
  })

  it('does nothing the second time, nor does the partition job make a detached day again', async () => {
    expect(await detachOldDays(handle.db, now, RETAIN, noPause)).toEqual([])
    // A restart makes the accepted window (a year back), which never reaches a detached day; even asked
    // for one, it finds the plain table and skips it.
    expect(await makeDayPartitions(handle.db, OLD[0] ?? '', OLD[0] ?? '')).toBe(0)
    expect(await attached('transactions')).toHaveLength(KEPT.length)
  })

  it('detaches each day once when several instances run at once', async () => {
    const more = Array.from({ length: 8 }, (_, i) => addDays(today, -RETAIN - 40 - i))
    for (const day of more) await dayWithData(day)
    // Three instances' jobs, each on its own connection on PostgreSQL.
    const runs = await Promise.all([1, 2, 3].map(() => detachOldDays(handle.db, now, RETAIN, noPause)))
    const all = runs.flat()
    expect(all.sort()).toEqual(
      more.flatMap((day) => [`transactions_${day8(day)}`, `passenger_counts_${day8(day)}`]).sort(),
    )
    expect(await attached('transactions')).toHaveLength(KEPT.length)
    expect(await attached('passenger_counts')).toHaveLength(KEPT.length)
  })
})
