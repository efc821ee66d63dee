import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, shanghaiDayOf, shanghaiDayStart } from '../../contract/time'
import { rowsOf } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'
import {
  firstKeptMinute,
  MINUTE_KEEP_DAYS,
  minuteRollupPruneJob,
  pruneMinuteRollups,
} from '../../server/device-api/minute-prune'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * The minute rollup is kept MINUTE_KEEP_DAYS days (its readers need today, yesterday and the nightly
 * check's week): older minutes of every market, the platform's row included, go at night in chunks;
 * the day rollups and the newer minutes stay.
 */
const HOUR = 3_600_000
const logger = pino({ level: 'silent' })
let t: TestApp
const market = randomUUID()

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** One minute row for each of the market and the platform, `daysAgo` days before `day` at 10:00. */
async function minuteRows(day: string, daysAgo: number) {
  const at = new Date(shanghaiDayStart(addDays(day, -daysAgo)).getTime() + 10 * HOUR)
  for (const id of [market, ALL_MARKETS])
    await t.db.execute(
      sql`insert into market_minute_stats (market_id, minute, payments, payment_fen)
          values (${id}::uuid, ${at.toISOString()}::timestamptz, 1, 100) on conflict do nothing`,
    )
}
const minutesLeft = async () =>
  rowsOf<{ day: string }>(
    await t.db.execute(
      sql`select to_char(minute at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from market_minute_stats
          where market_id in (${market}::uuid, ${ALL_MARKETS}::uuid) order by minute, market_id`,
    ),
  ).map((row) => row.day)

describe('pruning the minute rollup', () => {
  it('deletes the minutes older than the kept days, chunk by chunk, and keeps the rest', async () => {
    const today = shanghaiDayOf(t.time.clock())
    for (const daysAgo of [400, 30, MINUTE_KEEP_DAYS + 1, MINUTE_KEEP_DAYS, 1, 0]) await minuteRows(today, daysAgo)
    let pauses = 0
    const deleted = await pruneMinuteRollups(t.db, firstKeptMinute(today), {
      chunk: 2,
      pause: async () => {
        pauses += 1
      },
    })
    expect(deleted).toBe(6)
    // Three full chunks of two, then an empty one that ends it.
    expect(pauses).toBe(3)
    const kept = [MINUTE_KEEP_DAYS, 1, 0].flatMap((daysAgo) => [addDays(today, -daysAgo), addDays(today, -daysAgo)])
    expect(await minutesLeft()).toEqual(kept)
  })

  it('stops between chunks when the server is stopping', async () => {
    const today = shanghaiDayOf(t.time.clock())
    await minuteRows(today, 100)
    await minuteRows(today, 101)
    const deleted = await pruneMinuteRollups(t.db, firstKeptMinute(today), { chunk: 2, stopped: () => true })
    expect(deleted).toBe(0)
    expect(await minutesLeft()).toHaveLength(10)
  })

  it('runs nightly on the scheduler, once, after 03:30 Shanghai', async () => {
    const scheduler = new Scheduler({ db: t.db, clock: t.time.clock, logger }, [minuteRollupPruneJob])
    // The test clock starts at 10:00 Shanghai: today's 03:30 slot is due.
    await Promise.all([scheduler.tick(), scheduler.tick()])
    const today = shanghaiDayOf(t.time.clock())
    expect(await minutesLeft()).toHaveLength(6)
    // A day later the oldest kept day has aged out; the run for the new day deletes it.
    t.time.advance(24 * HOUR)
    await scheduler.tick()
    const left = await minutesLeft()
    expect(left).not.toContain(addDays(today, -MINUTE_KEEP_DAYS))
    expect(left).toContain(addDays(today, -1))
    await scheduler.stop()
  })
})
