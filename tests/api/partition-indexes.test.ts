import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf, type DatabaseHandle } from '../../server/db/client'
import { buildPartitionIndexes, startPartitionIndexes } from '../../server/db/partition-indexes'
import { makeDayPartitions } from '../../server/device-api/partitions'
import { createTestDb } from '../helpers/test-db'

/**
 * Migration 0025 makes the refunds-by-time index on the transactions parent alone; the builder makes
 * each day part's copy (CONCURRENTLY on PostgreSQL), mends a copy a cut-off build left invalid, and
 * attaches them, after which the parent is valid and the all-markets refunds page reads it. Runs the
 * same on PGlite and PostgreSQL.
 */

let handle: DatabaseHandle & { url?: string }
const market = randomUUID()
const PARENT = 'transactions_refund_time_idx'
const query = async <T>(text: SQL) => rowsOf<T>(await handle.db.execute(text))

const parentValid = async () =>
  (
    await query<{ valid: boolean }>(
      sql`select indisvalid as valid from pg_index where indexrelid = ${PARENT}::regclass`,
    )
  )[0]?.valid
/** The transactions parts, each with the name of its attached copy of the parent index (null: none). */
const copies = () =>
  query<{ part: string; copy: string | null }>(
    sql`select part.relname as part,
               (select c.relname from pg_inherits a join pg_index ci on ci.indexrelid = a.inhrelid
                  join pg_class c on c.oid = ci.indexrelid
                 where a.inhparent = ${PARENT}::regclass and ci.indrelid = part.oid) as copy
          from pg_inherits i join pg_class part on part.oid = i.inhrelid
         where i.inhparent = 'transactions'::regclass order by 1`,
  )

async function transaction(day: string, type: 'payment' | 'refund', n: number) {
  await handle.db.execute(
    sql`insert into transactions (market_id, device_id, stall_no, event_id, type, method, amount_fen, occurred_at)
        values (${market}::uuid, ${market}::uuid, 'A-1', ${`${type}-${day}-${n}`}, ${type}, 'wechat', 100,
                ${`${day}T09:00:00+08:00`}::timestamptz + ${n} * interval '1 minute')`,
  )
}

beforeAll(async () => {
  handle = await createTestDb()
  // Rows in the default part (made before the migration, so without a copy) and in a day part.
  await transaction('2026-10-01', 'refund', 1)
  await transaction('2026-10-01', 'payment', 2)
  await makeDayPartitions(handle.db, '2026-11-01', '2026-11-02')
  await transaction('2026-11-01', 'refund', 1)
  await transaction('2026-11-01', 'payment', 2)
})

afterAll(async () => {
  await handle?.close()
})

describe('partition index copies', () => {
  it('leaves the parent invalid after the migration and gives parts made later their copy at once', async () => {
    expect(await parentValid()).toBe(false)
    const parts = await copies()
    expect(parts.find((p) => p.part === 'transactions_default')?.copy).toBeNull()
    expect(parts.find((p) => p.part === 'transactions_20261101')?.copy).not.toBeNull()
  })

  it('builds what is missing once across two builders, mends a cut-off copy, and validates the parent', async () => {
    // A build cut off after making the default part's copy but before it was valid or attached.
    await handle.db.execute(
      sql.raw(`create index transactions_default_refund_time_idx on transactions_default (occurred_at, id)
               where type = 'refund'`),
    )
    await handle.db.execute(
      sql`update pg_index set indisvalid = false where indexrelid = 'transactions_default_refund_time_idx'::regclass`,
    )
    const missing = (await copies()).filter((p) => p.copy === null).length
    expect(missing).toBeGreaterThan(0)

    // Requests' transactions meanwhile (PGlite's one connection is shared: none may run inside the builder's).
    const read = () =>
      handle.db.transaction(
        async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from transactions`))[0]?.n,
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    let building = true
    const counts: (number | undefined)[] = []
    const reading = (async () => {
      while (building) counts.push(await read())
    })()
    const built = await Promise.all([buildPartitionIndexes(handle), buildPartitionIndexes(handle)]).finally(() => {
      building = false
    })
    await reading
    expect(counts.length).toBeGreaterThan(0)
    expect(counts.every((n) => n === 4)).toBe(true)
    expect(built[0] + built[1]).toBe(missing)
    expect(await parentValid()).toBe(true)
    const parts = await copies()
    expect(parts.every((p) => p.copy !== null)).toBe(true)
    expect(parts.find((p) => p.part === 'transactions_default')?.copy).toBe('transactions_default_refund_time_idx')
    const [mended] = await query<{ valid: boolean }>(
      sql`select indisvalid as valid from pg_index where indexrelid = 'transactions_default_refund_time_idx'::regclass`,
    )
    expect(mended?.valid).toBe(true)
    expect(await buildPartitionIndexes(handle)).toBe(0)
  })

  it('answers the all-markets refunds page from the index', async () => {
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(
          sql`explain select id from transactions where type = 'refund'
              and occurred_at >= '2026-11-01T00:00:00+08:00' and occurred_at < '2026-11-02T00:00:00+08:00'
              order by occurred_at desc, id desc limit 21`,
        ),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n')
    })
    const copy = (await copies()).find((p) => p.part === 'transactions_20261101')?.copy
    expect(copy).toBeTruthy()
    expect(plan).toContain(`using ${copy} on transactions_20261101`)
    expect(plan).not.toContain('Filter')
    const rows = await query<{ event_id: string }>(
      sql`select event_id from transactions where type = 'refund' order by occurred_at desc, id desc`,
    )
    expect(rows.map((row) => row.event_id)).toEqual(['refund-2026-11-01-1', 'refund-2026-10-01-1'])
  })

  it('waits for the day parts to be made before it builds', async () => {
    await handle.db.execute(sql.raw(`drop index ${PARENT}`))
    await handle.db.execute(
      sql.raw(`create index ${PARENT} on only transactions (occurred_at, id) where type = 'refund'`),
    )
    const built: unknown[] = []
    let windowMade = () => {}
    const stop = startPartitionIndexes(
      handle,
      { info: (fields: unknown) => built.push(fields), warn: () => {} },
      { after: new Promise<void>((resolve) => (windowMade = resolve)) },
    )
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(built).toHaveLength(0)
      windowMade()
      await expect.poll(parentValid, { timeout: 20_000 }).toBe(true)
      expect(built.length).toBe((await copies()).length)
    } finally {
      stop()
    }
  })

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL makes a day part again when it was a deadlock's victim",
    async () => {
      // Another transaction holds the default part (as a concurrent index build does) and then waits
      // for the parent the job holds while the job waits for the default part: a cycle.
      const other = await handle.session()
      try {
        await other.query('begin')
        await other.query('lock table passenger_counts_default in share update exclusive mode')
        const making = makeDayPartitions(handle.db, '2027-02-01', '2027-02-02')
        const waiting = () =>
          other.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where not granted
               and relation = 'passenger_counts_default'::regclass`,
          )
        await expect.poll(async () => (await waiting())[0]?.n, { timeout: 10_000 }).toBe(1)
        await other.query('lock table passenger_counts in access share mode')
        await other.query('commit')
        expect(await making).toBe(4)
      } finally {
        await other.close()
      }
    },
  )

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL lets the ingest write while it builds, and two instances build each copy once',
    async () => {
      // Every copy gone, as right after the migration on a database with many days.
      await handle.db.execute(sql.raw(`drop index ${PARENT}`))
      await handle.db.execute(
        sql.raw(`create index ${PARENT} on only transactions (occurred_at, id) where type = 'refund'`),
      )
      const missing = (await copies()).length
      const other = await openDatabase({ kind: 'postgres', url: handle.url!, maxConnections: 2 })
      // A device's write under way: a concurrent build waits for it, and lets the next one through.
      const writing = await handle.session()
      try {
        await writing.query('begin')
        await writing.query(`insert into transactions (market_id, device_id, stall_no, event_id, type, method, amount_fen,
          occurred_at) values ('${market}', '${market}', 'A-1', 'refund-open', 'refund', 'wechat', 100,
          '2026-11-01T10:00:00+08:00')`)
        // Beside the day parts' job: it locks the table then the parent index, as the builder's attach must.
        const builds = Promise.all([
          buildPartitionIndexes(handle),
          buildPartitionIndexes(other),
          makeDayPartitions(other.db, '2026-12-01', '2027-01-30').then(() => 0),
        ])
        await new Promise((resolve) => setTimeout(resolve, 300))
        // A plain CREATE INDEX would queue its SHARE lock behind the open write and this insert behind it.
        await transaction('2026-11-01', 'refund', 3)
        await writing.query('commit')
        const built = await builds
        expect(built[0] + built[1]).toBe(missing)
        expect(built[2]).toBe(0)
      } finally {
        await writing.close()
        await other.close()
      }
      expect(await parentValid()).toBe(true)
      expect((await copies()).every((p) => p.copy !== null)).toBe(true)
      const refunds = await query<{ n: number }>(sql`select count(*)::int as n from transactions where type = 'refund'`)
      expect(refunds[0]?.n).toBe(4)
    },
  )
})
