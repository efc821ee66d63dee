// The frame of a list bench on a PostgreSQL database of its own (bench/audit-list.mjs,
// bench/complaints-list.mjs): the database made (again with BENCH_RESEED=1), the built server started
// on it (it migrates and seeds the demo), the bench's own rows seeded once, an OFFICIAL and the demo
// market's operator signed in, the lines measured, everything stopped, and the misses said.
import postgres from 'postgres'
import { officialHeaders, signedInHeaders, startBuiltServer } from './built-server.mjs'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

/**
 * Runs `measure({ base, sql, rows, official, operator, market })` (answering the lines over budget)
 * after `seed(sql)` (answering how many rows the list has).
 */
export async function runListBench({ url, port, seed, measure }) {
  if (!(await ensurePostgresDatabase(url, { fresh: process.env.BENCH_RESEED === '1' }))) {
    console.log(`PostgreSQL: no server answers at ${url}; skipped`)
    return
  }
  const { base, stop } = await startBuiltServer({ port, databaseUrl: url })
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  let misses = []
  try {
    const rows = await seed(sql)
    const official = await officialHeaders(base)
    const operator = await signedInHeaders(base, '0314888', 'Market123')
    const [{ id: market }] = await sql`select market_id as id from users where username = '0314888'`
    misses = await measure({ base, sql, rows, official, operator, market })
  } finally {
    await sql.end({ timeout: 5 })
    await stop()
  }
  if (misses.length) console.log(`OVER BUDGET: ${misses.join('; ')}`)
}
