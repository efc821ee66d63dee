import { sql } from 'drizzle-orm'
import { withTimeout } from '../lib/with-timeout'
import { rowsOf, type Database } from './client'

/** A scrape does not wait longer than this for the pool's states (a database that is away). */
const PROBE_MS = 1_000

/** How this instance reaches its primary: what /api/metrics reports of the pool. */
export type PoolInfo =
  { driver: 'postgres'; max: number; applicationName: string } | { driver: 'pglite'; max: 1; applicationName: null }

/**
 * This instance's connections to the primary by state. postgres.js exposes no count of busy or idle
 * connections (its queues are private), so PostgreSQL is asked: this instance's connections by state
 * in pg_stat_activity, found by the application_name it connects with, without the asking one. PGlite
 * is a single connection inside the process with no queue it reports: its max only. A database that
 * does not answer within a second leaves the states out (null) rather than holding the scrape.
 */
export async function poolStates(db: Database, pool: PoolInfo): Promise<Record<string, number> | null> {
  if (pool.driver === 'pglite') return null
  try {
    const rows = rowsOf<{ state: string | null; n: number | string }>(
      await withTimeout(
        db.execute(sql`
          select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
          where application_name = ${pool.applicationName} and pid <> pg_backend_pid()
          group by 1`),
        PROBE_MS,
      ),
    )
    return Object.fromEntries(rows.map((row) => [row.state ?? 'unknown', Number(row.n)]))
  } catch {
    return null
  }
}
