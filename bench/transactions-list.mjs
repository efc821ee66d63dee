// GET /api/transactions (issue 25 §1) against the server (the build, or the source with
// BENCH_FROM_SOURCE=1) on a PostgreSQL database of its own (bench_transactions), seeded by SQL by
// bench/dashboard-seed-sql.mjs the first time (BENCH_SEED_INGEST=1: through the ingest by
// bench/dashboard-seed.mjs): 10 million transactions over 30 days in 1,000 markets by default (and the
// export bench's busy market), BENCH_TRANSACTIONS=1000000 for a smaller run. Lines: one market over 31 days
// (no filter, a merchant, a method, refunds only, an amount range, an event-id search), each on its
// first page and on the page 1,000 cursor steps deep (or as deep as the filter's rows go); then OFFICIAL
// across all markets for one day, likewise. Ten connections.
// Budget (issue 25): p95 <= 50 ms with ten connections.
// Each line also says its first request's time alone (nothing kept for its filter yet), and the server process's CPU per request (user + system, from /proc: is the one Node
// thread the bottleneck?) and the load average (1 minute) as it ends.
//   node bench/transactions-list.mjs        BENCH_DURATION=5 seconds a line, BENCH_NO_SEED=1 as it is,
//                                           BENCH_LINES=<regex> only the lines whose label matches
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { measure } from './measure.mjs'
import { scheduledJobsSettled } from './jobs-settled.mjs'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

register()
const { addDays, shanghaiDayOf, shanghaiDayStart } = await import('../contract/time.ts')

const PORT = Number(process.env.BENCH_PORT ?? 4527)
const BUDGET_MS = 50
const CONNECTIONS = 10
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const PAGE_SIZE = 20
/** A page 1,000 cursor steps deep starts after this many rows. */
const DEEP_ROWS = 1_000 * PAGE_SIZE
const url = process.env.BENCH_TRANSACTIONS_URL || 'postgres://postgres@127.0.0.1:5432/bench_transactions'
const target = Number(process.env.BENCH_TRANSACTIONS) || 10_000_000
// The dashboard's seed writes where its own variable says: here, this bench's database.
process.env.BENCH_DASHBOARD_URL = url

if (!(await ensurePostgresDatabase(url))) {
  console.log(`PostgreSQL: no server answers at ${url}; skipped`)
  process.exit(0)
}
const sql = postgres(url, { max: 1, onnotice: () => {} })
const [{ n: before }] =
  await sql`select count(*)::int as n from information_schema.tables where table_name = 'transactions'`
const [{ n: stored }] = before ? await sql`select count(*)::int as n from transactions` : [{ n: 0 }]
// BENCH_NO_SEED=1: measure what the database holds (a smoke run on the demo's own 30 days).
// By SQL (bench/dashboard-seed-sql.mjs: minutes; the same rows and rollups, checked by the nightly
// check's recompute), or through the ingest with BENCH_SEED_INGEST=1 (about an hour at 10 million).
if (process.env.BENCH_NO_SEED !== '1' && stored < target * 0.9) {
  const ingest = process.env.BENCH_SEED_INGEST === '1'
  console.log(`Seeding ${target.toLocaleString('en')} transactions ${ingest ? 'through the ingest' : 'by SQL'} (once)…`)
  const result = ingest
    ? await (await import('./dashboard-seed.mjs')).seedDashboardBench('postgres', { transactions: target })
    : await (await import('./dashboard-seed-sql.mjs')).seedDashboardBenchSql(url, { transactions: target })
  if (result.differences?.length)
    throw new Error(`the seed's rollups differ from its rows: ${result.differences.length}`)
  console.log(`  ${result.counts.transactions.toLocaleString('en')} transactions in ${Math.round(result.seconds)} s`)
}

const { base, stop, pid } = await startBuiltServer({ port: PORT, databaseUrl: url, startSeconds: 180 })
await scheduledJobsSettled(sql)
/** The server's CPU time so far in ms (Linux: /proc/<pid>/stat utime + stime, in clock ticks of 10 ms). */
function serverCpuMs() {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}
const only = process.env.BENCH_LINES ? new RegExp(process.env.BENCH_LINES) : null
const misses = []
const ms = (value) => value.toFixed(1).padStart(5)
const qs = (query) => new URLSearchParams(query).toString()

/** The SQL of a line's filters, as the server applies them (for the deep page's cursor). */
function where({ market, from, to, merchant, method, kind, amountMin, amountMax, q }) {
  return sql`occurred_at >= ${shanghaiDayStart(from)} and occurred_at < ${shanghaiDayStart(addDays(to, 1))}
    ${market ? sql`and market_id = ${market}` : sql``}
    ${merchant ? sql`and merchant_id = ${merchant}` : sql``}
    ${method ? sql`and method = ${method}` : sql``}
    ${kind ? sql`and type = ${kind}` : sql``}
    ${amountMin !== undefined ? sql`and amount_fen >= ${amountMin}` : sql``}
    ${amountMax !== undefined ? sql`and amount_fen <= ${amountMax}` : sql``}
    ${q ? sql`and event_id = ${q}` : sql``}`
}

/** The cursor after DEEP_ROWS rows (or of the last full page when the filter has fewer rows); null for none. */
async function deepCursor(query) {
  const [{ n }] =
    await sql`select count(*)::int as n from (select 1 from transactions where ${where(query)} limit ${DEEP_ROWS + 1}) t`
  const offset = Math.min(DEEP_ROWS, n - PAGE_SIZE) - 1
  if (offset < 0) return { cursor: null, depth: 0 }
  const [row] = await sql`select (extract(epoch from occurred_at) * 1000000)::bigint || '-' || id as cursor
    from transactions where ${where(query)} order by occurred_at desc, id desc offset ${offset} limit 1`
  return { cursor: row.cursor, depth: Math.floor((offset + 1) / PAGE_SIZE) }
}

try {
  const official = await officialHeaders(base)
  const [{ count: total }] = await sql`select count(*)::int as count from transactions`
  const today = shanghaiDayOf(new Date())
  const month = { from: addDays(today, -30), to: today }
  const day = { from: addDays(today, -1), to: addDays(today, -1) }
  // The busiest market of the month (not the export bench's busy market, 30 times the others: the
  // budget is the province's markets'), one of its busiest merchants, and one of its event ids.
  const [{ busy }] = await sql`select (case when to_regclass('bench_seeded') is null then null
    else (select market_id from bench_seeded order by per_merchant_day desc limit 1) end)::text as busy`
  const [{ market }] = await sql`select market_id as market from market_day_stats
    where day >= ${month.from} and market_id <> '00000000-0000-0000-0000-000000000000'
      and market_id::text is distinct from ${busy}
    group by 1 order by sum(payments) desc limit 1`
  const [{ merchant }] = await sql`select merchant_id as merchant from merchant_day_stats
    where market_id = ${market} and day >= ${month.from} group by 1 order by sum(payments) desc limit 1`
  const [{ eventId }] = await sql`select event_id as "eventId" from transactions
    where market_id = ${market} and occurred_at >= ${shanghaiDayStart(day.from)} limit 1`
  const [{ anyMerchant }] =
    await sql`select merchant_id as "anyMerchant" from merchant_day_stats where day = ${day.from}
    order by payments desc limit 1`
  const filters = (merchantId) => [
    ['no filter', {}],
    ['a merchant', { merchant: merchantId }],
    ['a method (wechat)', { method: 'wechat' }],
    ['refunds only', { kind: 'refund' }],
    ['an amount range (10-50 yuan)', { amountMin: 1_000, amountMax: 5_000 }],
    ['an event-id search', { q: eventId }],
  ]
  const lines = [
    ...filters(merchant).map(([label, query]) => [`one market, 31 days, ${label}`, { market, ...month, ...query }]),
    ...filters(anyMerchant).map(([label, query]) => [`all markets, one day, ${label}`, { ...day, ...query }]),
  ]
  const load = loadavg().map((value) => value.toFixed(1))
  console.log(
    `GET /api/transactions, ${total.toLocaleString('en')} transactions (PostgreSQL, OFFICIAL, ${CONNECTIONS} connections, ${DURATION} s a line; budget p95 <= ${BUDGET_MS} ms; load average ${load.join(' ')})`,
  )
  for (const [label, query] of lines) {
    if (only && !only.test(label)) continue
    const { cursor, depth } = await deepCursor(query)
    for (const [page, extra] of [
      ['first page', {}],
      [`${depth} steps deep`, cursor ? { after: cursor } : null],
    ]) {
      if (!extra) continue
      const address = `${base}/api/transactions?${qs({ pageSize: PAGE_SIZE, ...query, ...extra })}`
      // The line's first request alone (a first page's: nothing kept for its filter yet, as its user first sees it).
      const started = performance.now()
      const answer = await (await fetch(address, { headers: official })).json()
      const alone = performance.now() - started
      if (answer.code !== 20000) throw new Error(`${label}: ${answer.code} ${answer.msg}`)
      for (let i = 0; i < 10; i++) await fetch(address, { headers: official })
      const cpuBefore = serverCpuMs()
      const result = await measure(address, official, { connections: CONNECTIONS, duration: DURATION })
      const cpu = (serverCpuMs() - cpuBefore) / result.times.length
      const over = result.p95 > BUDGET_MS
      if (over) misses.push(`${label}, ${page}`)
      const counted = `${answer.data.total.toLocaleString('en')}${answer.data.totalCapped ? '+' : ''}`
      console.log(
        `  ${`${label} · ${page}`.padEnd(62)} total ${counted.padStart(8)} · alone ${ms(alone)} ms · p50 ${ms(result.p50)} ms · p95 ${ms(result.p95)} ms${over ? ' OVER BUDGET' : ' OK'} · ${Math.round(result.rps)} req/s · server CPU ${cpu.toFixed(1)} ms/req · load ${loadavg()[0].toFixed(1)}${result.failed ? ` · ${result.failed} failed` : ''}`,
      )
    }
  }
} finally {
  await sql.end({ timeout: 5 })
  await stop()
}
if (misses.length) console.log(`OVER BUDGET: ${misses.join('; ')}`)
