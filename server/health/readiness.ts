import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrationsFolder, rowsOf, type Database } from '../db/client'
import type { ReadRouting, ReadsStatus } from '../db/read-routing'
import { withTimeout } from '../lib/with-timeout'

export type Readiness = {
  /** This instance can serve: its database answers and has every migration this build brings. */
  ready: boolean
  database: 'ok' | 'unreachable'
  migrations: 'applied' | 'pending' | 'unknown'
  reads: ReadsStatus
}

/** The newest migration this build brings (its journal time), read once. */
let newestMigration: number | undefined
function newestMigrationMillis(): number {
  newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis))
  return newestMigration
}

/** The probe's limit: a database that takes longer is not ready, whatever it answers later. */
export const PROBE_MS = 2_000

/**
 * Whether this instance can serve (GET /api/ready), for a load balancer or an orchestrator; liveness
 * is /api/health. One small read of the migrations table on the primary; the replica is not probed
 * here: its state is the one the background check keeps (server/db/read-routing.ts), a replica down
 * or behind does not make the instance unready, its reads are on the primary then.
 */
export async function readiness(db: Database, reads: ReadRouting): Promise<Readiness> {
  let applied: number | null
  try {
    applied = await withTimeout(lastAppliedMigration(db), PROBE_MS)
  } catch (error) {
    // No migrations table (or schema) yet: the database answered, it is simply not migrated.
    if (undefinedTable(error)) return { ready: false, database: 'ok', migrations: 'pending', reads: reads.status() }
    return { ready: false, database: 'unreachable', migrations: 'unknown', reads: reads.status() }
  }
  const migrations = applied !== null && applied >= newestMigrationMillis() ? 'applied' : 'pending'
  return { ready: migrations === 'applied', database: 'ok', migrations, reads: reads.status() }
}

async function lastAppliedMigration(db: Database): Promise<number | null> {
  const [row] = rowsOf<{ last: string | number | null }>(
    await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
  )
  return row?.last === null || row?.last === undefined ? null : Number(row.last)
}

function undefinedTable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code
    if (code === '42P01' || code === '3F000') return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}
