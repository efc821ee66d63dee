import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '../../server/db/client'
import { startPgliteMaintenance, vacuumAnalyze } from '../../server/db/maintenance'
import { createTestDb } from '../helpers/test-db'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDb()
  await handle.db.execute(sql`create table probe_stats (id int primary key, word text)`)
  await handle.db.execute(sql`insert into probe_stats select n, 'w' || n from generate_series(1, 500) n`)
})
afterAll(async () => {
  await handle.close()
})

/** What the planner believes the table holds (-1 before it was ever analysed). */
async function reltuples(): Promise<number> {
  // postgres.js answers an array of rows, PGlite an object holding them.
  const result: unknown = await handle.db.execute(
    sql`select reltuples::int as n from pg_class where relname = 'probe_stats'`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[]
  return Number(rows[0]?.n)
}

describe('database maintenance', () => {
  it('gives the console tables their statistics', async () => {
    expect(await vacuumAnalyze(handle.db)).toBeGreaterThanOrEqual(0)
  })

  it('gives a table its planner statistics', async () => {
    expect(await reltuples()).toBe(-1)
    await vacuumAnalyze(handle.db, ['probe_stats'])
    expect(await reltuples()).toBe(500)
  })

  it('runs on PGlite after the first delay and stops when asked; does nothing on PostgreSQL', async () => {
    vi.useFakeTimers()
    try {
      const logger = { info: vi.fn(), warn: vi.fn() }
      const db = { execute: vi.fn(async () => ({ rows: [] })) } as unknown as DatabaseHandle['db']
      const stop = startPgliteMaintenance({ db, kind: 'pglite' }, logger, { firstMs: 1_000, everyMs: 10_000 })
      await vi.advanceTimersByTimeAsync(999)
      expect(db.execute).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(db.execute).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(db.execute).toHaveBeenCalledTimes(3)
      expect(logger.info).toHaveBeenCalledTimes(3)
      stop()
      await vi.advanceTimersByTimeAsync(50_000)
      expect(db.execute).toHaveBeenCalledTimes(3)

      const onPostgres = { execute: vi.fn() } as unknown as DatabaseHandle['db']
      startPgliteMaintenance({ db: onPostgres, kind: 'postgres' }, logger, { firstMs: 1 })
      await vi.advanceTimersByTimeAsync(10)
      expect(onPostgres.execute).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('logs a failure instead of throwing', async () => {
    vi.useFakeTimers()
    try {
      const logger = { info: vi.fn(), warn: vi.fn() }
      const db = {
        execute: vi.fn(async () => {
          throw new Error('database away')
        }),
      } as unknown as DatabaseHandle['db']
      const stop = startPgliteMaintenance({ db, kind: 'pglite' }, logger, { firstMs: 1 })
      await vi.advanceTimersByTimeAsync(5)
      expect(logger.warn).toHaveBeenCalledTimes(1)
      stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
