// POST /api/user/info at 50 concurrent connections against the BUILT server on PGlite.
// Budget (issue 2): p99 <= 10 ms. Prints measured figures next to the budget; never fails a build.
import autocannon from 'autocannon'
import { startBuiltServer } from './built-server.mjs'
import { createHash } from 'node:crypto'

const PORT = 3917
const base = `http://127.0.0.1:${PORT}`

const { stop } = await startBuiltServer({ port: PORT, databaseUrl: process.env.BENCH_DATABASE_URL ?? '' })
try {
  const xsrf = 'bench-xsrf'
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'official', password: createHash('md5').update('Official123').digest('hex') }),
  })
  const { data } = await login.json()
  const result = await autocannon({
    url: `${base}/api/user/info`,
    method: 'POST',
    connections: 50,
    duration: 10,
    headers: { ...headers, authorization: data.token },
  })
  const p99 = result.latency.p99
  console.log(`POST /api/user/info (PGlite, 50 connections, 10 s)`)
  console.log(`  p50 ${result.latency.p50} ms · p99 ${p99} ms (budget <= 10 ms) ${p99 <= 10 ? 'OK' : 'OVER BUDGET'}`)
  console.log(`  ${Math.round(result.requests.average)} req/s · non-2xx ${result.non2xx}`)
} finally {
  await stop()
}
