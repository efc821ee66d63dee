// Every /api/dashboard/* endpoint at province scale (issue 10): 1,000 markets, 200,000 merchants and
// 30 days of trade, 10 million transactions on PostgreSQL and 1 million on PGlite
// (bench/dashboard-seed.mjs makes them the first time and tops them up to now after), against the
// BUILT server, as an OFFICIAL on all markets and on one market, and as that market's operator.
// Budget: p95 <= 50 ms on PostgreSQL, all markets included; PGlite reported beside it.
//   node bench/dashboard-api.mjs            both databases      BENCH_DURATION=3   seconds a line
//   node bench/dashboard-api.mjs postgres   one (postgres | pglite)
import { officialHeaders, signedInHeaders, startBuiltServer } from './built-server.mjs'
import { kindName, missesOnEachKind, skipped } from './kinds.mjs'
import { DASHBOARD_ENDPOINTS } from './dashboard-endpoints.mjs'
import { measure } from './measure.mjs'
import { dashboardPgliteDir, dashboardPostgresUrl, seedDashboardBench } from './dashboard-seed.mjs'

const PORT = 3932
const BUDGET_MS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? 3)
const CONNECTIONS = [1, 10]

const ms = (value) => value.toFixed(1).padStart(6)

async function bench(kind) {
  const seeded = await seedDashboardBench(kind)
  if (skipped(seeded, dashboardPostgresUrl)) return []
  const name = kindName(kind)
  console.log(
    `${name}: ${seeded.counts.transactions.toLocaleString('en')} transactions, ${seeded.markets.toLocaleString('en')} bench markets, ${seeded.merchantCount.toLocaleString('en')} active merchants (top-up: ${seeded.sent.toLocaleString('en')} events in ${Math.round(seeded.seconds)} s)`,
  )
  const { base, stop } = await startBuiltServer(
    kind === 'postgres'
      ? { port: PORT, databaseUrl: dashboardPostgresUrl }
      : { port: PORT, dataDir: dashboardPgliteDir },
  )
  const misses = []
  try {
    const official = await officialHeaders(base)
    // A bench market (each holds about 1/1,000 of the trade; operators 0399…), and its operator.
    const listed = await fetch(`${base}/api/markets?q=0399&pageSize=10`, { headers: official }).then((response) =>
      response.json(),
    )
    const market = listed.data?.list?.[0]
    if (!market) throw new Error('no bench market found')
    // The bench markets' operators have the demo password (bench/merchants-seed.mjs).
    const operator = await signedInHeaders(base, market.accountUsername, 'Market123')
    const scopes = [
      { label: 'all markets', headers: official, query: {} },
      { label: 'one market ', headers: official, query: { market: market.id } },
      { label: 'operator   ', headers: operator, query: {} },
    ]
    console.log(`${name}: p50 / p95 ms, requests/s (budget p95 <= ${BUDGET_MS} ms)`)
    for (const scope of scopes)
      for (const [endpoint, params] of DASHBOARD_ENDPOINTS) {
        const query = new URLSearchParams({ ...scope.query, ...params }).toString()
        const url = `${base}/api/dashboard/${endpoint}${query ? `?${query}` : ''}`
        const label = `${scope.label} · ${endpoint}${params.period ? ` ${params.period} by ${params.metric}` : ''}`
        const figures = []
        for (const connections of CONNECTIONS) {
          const result = await measure(url, scope.headers, { connections, duration: DURATION })
          figures.push(`${connections} conn ${ms(result.p50)} / ${ms(result.p95)}, ${Math.round(result.rps)}/s`)
          if (result.failed > 0) misses.push(`${name} ${label}: ${result.failed} failed`)
          // No answer at all within the line's seconds (a server held up): no figure, so never "held".
          if (!Number.isFinite(result.p95))
            misses.push(`${name} ${label} (${connections} conn): no answer in ${DURATION} s`)
          if (kind === 'postgres' && result.p95 > BUDGET_MS)
            misses.push(`${name} ${label} (${connections} conn): p95 ${result.p95} ms`)
        }
        console.log(`  ${label.padEnd(44)} ${figures.join(' | ')}`)
      }
  } finally {
    await stop()
  }
  return misses
}

const misses = await missesOnEachKind(bench)
console.log(misses.length === 0 ? 'Every budget held.' : `Over budget:\n  ${misses.join('\n  ')}`)
