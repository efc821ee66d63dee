// POST /api/user/info at 50 concurrent connections against the BUILT server on PGlite.
// Budget (issue 2): p99 <= 10 ms. Prints measured figures next to the budget; never fails a build.
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { measure } from './measure.mjs'

const PORT = 3917
const base = `http://127.0.0.1:${PORT}`

const { stop } = await startBuiltServer({ port: PORT, databaseUrl: process.env.BENCH_DATABASE_URL ?? '' })
try {
  const headers = await officialHeaders(base)
  const result = await measure(`${base}/api/user/info`, headers, { method: 'POST', connections: 50, duration: 10 })
  console.log(`POST /api/user/info (PGlite, 50 connections, 10 s)`)
  console.log(
    `  p50 ${result.p50.toFixed(1)} ms · p99 ${result.p99.toFixed(1)} ms (budget <= 10 ms) ${result.p99 <= 10 ? 'OK' : 'OVER BUDGET'}`,
  )
  console.log(`  ${Math.round(result.rps)} req/s · failed ${result.failed}`)
} finally {
  await stop()
}
