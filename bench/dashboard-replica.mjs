// Every /api/dashboard/* endpoint served from a PostgreSQL streaming replica (issue 22 §2), ten
// connections, as an OFFICIAL on all markets and on one market, and as that market's operator.
// Budget: p95 <= 50 ms at the 10-million-transaction size (bench/dashboard-seed.mjs).
//   BENCH_REPLICA_URL=postgres://…:5433/bench_dashboard node bench/dashboard-replica.mjs
//       a standby you made of BENCH_DASHBOARD_URL's server: the shared large seed, topped up to now
//   node bench/dashboard-replica.mjs      (as root) a primary and a standby of its own
//       (tests/helpers/replica-pair.ts), seeded with BENCH_TRANSACTIONS (default 1,000,000: the
//       10 million take ~50 min on 2 cores), dropped afterwards
//   BENCH_DURATION=3 seconds a line; BENCH_FROM_SOURCE=1 runs the server from source (no build)
import { register } from 'tsx/esm/api'
import { officialHeaders, signedInHeaders, startBuiltServer } from './built-server.mjs'
import { DASHBOARD_ENDPOINTS } from './dashboard-endpoints.mjs'
import { measure } from './measure.mjs'

register()
const PORT = 3933
const BUDGET_MS = 50
const CONNECTIONS = 10
const DURATION = Number(process.env.BENCH_DURATION ?? 3)
const ms = (value) => value.toFixed(1).padStart(6)

let pair = null
let primaryUrl = process.env.BENCH_DASHBOARD_URL
let replicaUrl = process.env.BENCH_REPLICA_URL
if (!replicaUrl) {
  const { replicaPair, replicaPairUnavailable } = await import('../tests/helpers/replica-pair.ts')
  const unavailable = replicaPairUnavailable()
  if (unavailable) {
    console.log(`replica bench skipped: ${unavailable} (or set BENCH_REPLICA_URL)`)
    process.exit(0)
  }
  process.env.BENCH_TRANSACTIONS ??= '1000000'
  pair = await replicaPair()
  primaryUrl = pair.primaryUrl.replace(/\/ds$/, '/bench_dashboard')
  replicaUrl = pair.standbyUrl.replace(/\/ds$/, '/bench_dashboard')
}
// The seed reads its database from the environment when it is loaded.
if (primaryUrl) process.env.BENCH_DASHBOARD_URL = primaryUrl
const { dashboardPostgresUrl, seedDashboardBench } = await import('./dashboard-seed.mjs')
const { default: postgres } = await import('postgres')

/** Transactions committed in the bench database, on the primary and on the replica (each counts its own). */
async function commits(url) {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await client`select xact_commit::float8 as n from pg_stat_database where datname = current_database()`
    return row.n
  } finally {
    await client.end({ timeout: 5 })
  }
}

const misses = []
try {
  const seeded = await seedDashboardBench('postgres')
  if (seeded.skipped) throw new Error(`no PostgreSQL answers at ${dashboardPostgresUrl}`)
  console.log(
    `PostgreSQL primary + streaming replica: ${seeded.counts.transactions.toLocaleString('en')} transactions, ${seeded.markets.toLocaleString('en')} bench markets, ${seeded.merchantCount.toLocaleString('en')} active merchants (seeded or topped up: ${seeded.sent.toLocaleString('en')} events in ${Math.round(seeded.seconds)} s)`,
  )
  process.env.DATABASE_READ_URL = replicaUrl
  const { base, stop } = await startBuiltServer({ port: PORT, databaseUrl: dashboardPostgresUrl })
  try {
    const ready = async () => (await (await fetch(`${base}/api/ready`)).json()).data.reads
    // The standby replays the seed's WAL first: the bench waits until the reads are on it.
    for (let i = 0; (await ready()).readsFrom !== 'replica'; i++) {
      if (i === 600) throw new Error(`the reads never went to the replica: ${JSON.stringify(await ready())}`)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    const official = await officialHeaders(base)
    const listed = await fetch(`${base}/api/markets?q=0399&pageSize=10`, { headers: official }).then((r) => r.json())
    const market = listed.data?.list?.[0]
    if (!market) throw new Error('no bench market found')
    const operator = await signedInHeaders(base, market.accountUsername, 'Market123')
    const scopes = [
      { label: 'all markets', headers: official, query: {} },
      { label: 'one market ', headers: official, query: { market: market.id } },
      { label: 'operator   ', headers: operator, query: {} },
    ]
    const before = { replica: await commits(replicaUrl), primary: await commits(dashboardPostgresUrl) }
    let requests = 0
    console.log(
      `from the replica, ${CONNECTIONS} connections: p50 / p95 ms, requests/s, the line's first request alone (budget p95 <= ${BUDGET_MS} ms)`,
    )
    for (const scope of scopes)
      for (const [endpoint, params] of DASHBOARD_ENDPOINTS) {
        const query = new URLSearchParams({ ...scope.query, ...params }).toString()
        const url = `${base}/api/dashboard/${endpoint}${query ? `?${query}` : ''}`
        const label = `${scope.label} · ${endpoint}${params.period ? ` ${params.period} by ${params.metric}` : ''}`
        // One request first: a platform-wide figure is kept a while once read (decisions.md), and its
        // first read can outlast a short line on a busy machine; its time is printed beside the line.
        const firstStarted = performance.now()
        const first = await fetch(url, { headers: scope.headers })
        await first.arrayBuffer()
        const firstMs = performance.now() - firstStarted
        if (!first.ok) misses.push(`${label}: the first request answered ${first.status}`)
        const result = await measure(url, scope.headers, { connections: CONNECTIONS, duration: DURATION })
        const reads = await ready()
        requests += Math.round(result.rps * DURATION)
        if (reads.readsFrom !== 'replica') misses.push(`${label}: reads were on the primary (${reads.reason})`)
        if (result.failed > 0) misses.push(`${label}: ${result.failed} failed`)
        if (!(result.p95 <= BUDGET_MS)) misses.push(`${label}: p95 ${result.p95} ms`)
        console.log(
          `  ${label.padEnd(44)} ${ms(result.p50)} / ${ms(result.p95)}, ${Math.round(result.rps)}/s, first ${ms(firstMs)}, replica lag ${reads.lagMs} ms`,
        )
      }
    const after = { replica: await commits(replicaUrl), primary: await commits(dashboardPostgresUrl) }
    console.log(
      `~${requests.toLocaleString('en')} requests; transactions committed meanwhile: replica ${(after.replica - before.replica).toLocaleString('en')}, primary ${(after.primary - before.primary).toLocaleString('en')} (sessions, the server's jobs)`,
    )
  } finally {
    await stop()
  }
} finally {
  pair?.drop()
}
console.log(misses.length === 0 ? 'Every budget held.' : `Over budget:\n  ${misses.join('\n  ')}`)
