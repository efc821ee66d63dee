import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_EVENT_AGE_MS } from '../../contract/device-api'
import { addDays, shanghaiDayOf } from '../../contract/time'
import { rowsOf } from '../../server/db/client'
import {
  acceptedDays,
  DAYS_AHEAD,
  makeDayPartitions,
  makePartitionWindow,
  windowChunks,
} from '../../server/device-api/partitions'
import { deviceCall, passengers, payment, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * Day partitions (issue 21): a device's backlog over hundreds of past days never makes a partition on
 * the request's path (no DDL: its rows wait in the default partition), and the background job makes
 * every day ingest accepts ahead, skipping the days whose rows already sit in the default partition.
 */

type Device = Awaited<ReturnType<typeof withDevice>>
type Batch = { accepted: string[]; duplicates: string[] }

let t: TestApp
let operator: Awaited<ReturnType<typeof withOperator>>
let terminal: Device
let counter: Device
/** The 300 past days the terminal's backlog covers (not today). */
const BACKLOG_DAYS = 300

beforeAll(async () => {
  t = await createTestApp()
  const official = await withOfficial(t)
  operator = await withOperator(t, official, 1)
  const merchant = await withMerchant(t, operator.token, 1)
  terminal = await withDevice(t, operator.token, { kind: 'payment_terminal', merchantId: merchant })
  counter = await withDevice(t, operator.token, { kind: 'passenger_counter', stallNo: 'EAST-GATE' })
})
afterAll(async () => {
  await t.close()
})

const query = async <T>(text: SQL) => rowsOf<T>(await t.db.execute(text))
/** The day partitions a table has (the default one left out). */
const partitionsOf = async (table: string) =>
  (
    await query<{ name: string }>(
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = ${table}::regclass and c.relname <> ${`${table}_default`} order by 1`,
    )
  ).map((row) => row.name)
const day8 = (day: string) => day.replaceAll('-', '')
/** 09:00 in Shanghai on `day` (the test clock says 10:00). */
const morningOf = (day: string) => `${day}T09:00:00+08:00`
const today = () => shanghaiDayOf(t.time.clock())

describe('a backlog over many past days', () => {
  it('is stored without making any partition: its rows wait in the default partition', async () => {
    const before = { transactions: await partitionsOf('transactions'), counts: await partitionsOf('passenger_counts') }
    const days = Array.from({ length: BACKLOG_DAYS }, (_, i) => addDays(today(), -(i + 1)))
    const events = days.map((day, i) => payment(`backlog-${i}`, 100 + i, morningOf(day)))
    const answer = await deviceCall<Batch>(t, terminal, '/events', { events })
    expect(answer.body.code, answer.body.msg).toBe(20000)
    expect(answer.body.data.accepted).toHaveLength(BACKLOG_DAYS)
    // No DDL ran for the request: the tables have the same partitions as before (none, here).
    expect(await partitionsOf('transactions')).toEqual(before.transactions)
    expect(await partitionsOf('passenger_counts')).toEqual(before.counts)
    const where = await query<{ partition: string; n: number }>(
      sql`select tableoid::regclass::text as partition, count(*)::int as n from transactions
          where device_id = ${terminal.id}::uuid group by 1`,
    )
    expect(where).toEqual([{ partition: 'transactions_default', n: BACKLOG_DAYS }])
    // And counted like any other day.
    const [stats] = await query<{ days: number; fen: number }>(
      sql`select count(*)::int as days, sum(payment_fen)::int as fen from market_day_stats
          where market_id = ${operator.marketId}::uuid`,
    )
    expect(stats).toEqual({ days: BACKLOG_DAYS, fen: events.reduce((sum, event) => sum + event.amountFen, 0) })
  })
})

describe('the background job', () => {
  it('makes today and the coming week first, then the past back to the oldest day ingest accepts', () => {
    const now = t.time.clock()
    const chunks = windowChunks(now, 4)
    const { first, last } = acceptedDays(now)
    expect(first).toBe(shanghaiDayOf(now.getTime() - MAX_EVENT_AGE_MS))
    expect(last).toBe(addDays(today(), DAYS_AHEAD))
    expect(chunks[0]).toEqual({ first: today(), last })
    expect(chunks[1]).toEqual({ first: addDays(today(), -4), last: addDays(today(), -1) })
    expect(chunks.at(-1)?.first).toBe(first)
    // Every day once, none left out.
    const covered = chunks.reduce(
      (sum, chunk) => sum + (Date.parse(chunk.last) - Date.parse(chunk.first)) / 86_400_000 + 1,
      0,
    )
    expect(covered).toBe((Date.parse(last) - Date.parse(first)) / 86_400_000 + 1)
  })

  it('makes every day of the window, skipping the days whose rows sit in the default partition', async () => {
    const { first, last } = acceptedDays(t.time.clock())
    const windowDays = (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1
    const made = await makePartitionWindow(t.db, t.time.clock(), { pause: async () => {} })
    expect(made).toBe(2 * windowDays - BACKLOG_DAYS)
    const transactions = await partitionsOf('transactions')
    const counts = await partitionsOf('passenger_counts')
    expect(counts).toHaveLength(windowDays)
    expect(counts[0]).toBe(`passenger_counts_${day8(first)}`)
    expect(counts.at(-1)).toBe(`passenger_counts_${day8(last)}`)
    expect(transactions).toHaveLength(windowDays - BACKLOG_DAYS)
    expect(transactions).toContain(`transactions_${day8(today())}`)
    expect(transactions).not.toContain(`transactions_${day8(addDays(today(), -1))}`)
    // Made already: a second run (another instance, the next start) makes nothing.
    expect(await makePartitionWindow(t.db, t.time.clock(), { pause: async () => {} })).toBe(0)
  })

  // PostgreSQL only: PGlite has one connection, so nothing else can hold a lock meanwhile.
  it.skipIf(!process.env.DATABASE_URL)(
    'gives a table up after its lock timeout while a long reader holds it (a pg_dump), and makes its days next time',
    async () => {
      const day = addDays(acceptedDays(t.time.clock()).last, 1)
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      let holding = () => {}
      const isHolding = new Promise<void>((resolve) => (holding = resolve))
      // A reader holding transactions the way pg_dump does, on another connection of the pool.
      const reader = t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table transactions in access share mode`)
        holding()
        await held
      })
      await isHolding
      const started = Date.now()
      // passenger_counts is made; transactions is left after the 2 s lock timeout, without an error.
      expect(await makeDayPartitions(t.db, day, day)).toBe(1)
      expect(Date.now() - started).toBeLessThan(10_000)
      release()
      await reader
      expect(await partitionsOf('transactions')).not.toContain(`transactions_${day8(day)}`)
      expect(await makeDayPartitions(t.db, day, day)).toBe(1)
      expect(await partitionsOf('transactions')).toContain(`transactions_${day8(day)}`)
    },
    20_000,
  )

  it("lands a new day's rows in their partition and a backlog day's still in the default one, all counted", async () => {
    const yesterday = addDays(today(), -1)
    const answer = await deviceCall<Batch>(t, terminal, '/events', {
      events: [payment('after-today', 500, morningOf(today())), payment('after-yesterday', 700, morningOf(yesterday))],
    })
    expect(answer.body.code, answer.body.msg).toBe(20000)
    const counted = await deviceCall<Batch>(t, counter, '/events', {
      events: [passengers('gate-1', 3, 1, `${yesterday}T09:00:00+08:00`)],
    })
    expect(counted.body.code, counted.body.msg).toBe(20000)
    const where = await query<{ event_id: string; partition: string }>(
      sql`select event_id, tableoid::regclass::text as partition from transactions
          where event_id in ('after-today', 'after-yesterday') order by 1`,
    )
    expect(where).toEqual([
      { event_id: 'after-today', partition: `transactions_${day8(today())}` },
      { event_id: 'after-yesterday', partition: 'transactions_default' },
    ])
    const [gate] = await query<{ partition: string }>(
      sql`select tableoid::regclass::text as partition from passenger_counts where event_id = 'gate-1'`,
    )
    expect(gate?.partition).toBe(`passenger_counts_${day8(yesterday)}`)
    const [stats] = await query<{ fen: number }>(
      sql`select payment_fen::int as fen from market_day_stats
          where market_id = ${operator.marketId}::uuid and day = ${yesterday}::date`,
    )
    // The backlog's 100 (its first event was yesterday) and the new 700.
    expect(stats?.fen).toBe(800)
  })
})
