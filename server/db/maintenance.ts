import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database, DatabaseHandle } from './client'

const FIRST_MS = 60_000
const EVERY_MS = 6 * 60 * 60_000

/**
 * The console's own tables, whose list plans depend on statistics. Not the device history: at a
 * million transactions a whole-database pass held PGlite's one thread 15–20 s, every request waiting.
 */
const CONSOLE_TABLES = ['users', 'markets', 'merchants', 'merchant_counts', 'devices', 'messages'] as const

/** Brings the planner's statistics and the visibility map of `tables` up to date; answers how long it took. */
export async function vacuumAnalyze(db: Database, tables: readonly string[] = CONSOLE_TABLES): Promise<number> {
  const started = performance.now()
  // Names from this module or a test, never from a request.
  await db.execute(sql.raw(`vacuum (analyze) ${tables.map((table) => `"${table}"`).join(', ')}`))
  return performance.now() - started
}

/**
 * PGlite runs no autovacuum: its tables never get statistics or a visibility map, and the planner's
 * default guesses then pick bitmap scans and large sorts (a category-filtered deep merchant page took
 * 54 ms instead of 3–6, docs/performance.md). So an embedded database is vacuumed and analysed a
 * minute after start, once the demo seed and first requests are through, and every six hours.
 * PostgreSQL's own autovacuum does this there. Answers how to stop it.
 */
export function startPgliteMaintenance(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  logger: Pick<Logger, 'info' | 'warn'>,
  { firstMs = FIRST_MS, everyMs = EVERY_MS } = {},
): () => void {
  if (handle.kind !== 'pglite') return () => {}
  let every: NodeJS.Timeout | undefined
  const run = () => {
    vacuumAnalyze(handle.db).then(
      (ms) => logger.info({ ms: Math.round(ms) }, 'embedded database vacuumed and analysed'),
      (error: unknown) => logger.warn({ err: error }, 'could not vacuum the embedded database'),
    )
  }
  const first = setTimeout(() => {
    run()
    every = setInterval(run, everyMs)
    every.unref()
  }, firstMs)
  first.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
