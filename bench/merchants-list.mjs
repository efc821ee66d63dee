// GET /api/merchants over 1,000 markets and 200,000 merchants (bench/merchants-seed.mjs makes them the
// first time), against the BUILT server, as an OFFICIAL: every market and one market, the newest-first
// list and a search + category filter + sort, page 1 and page 1,000; the licence and credit filters and sorts.
// Budget (issue 8): p95 <= 30 ms on PostgreSQL with one connection and with 10; PGlite beside it.
//   node bench/merchants-list.mjs            both databases      BENCH_DURATION=10   seconds a line
//   node bench/merchants-list.mjs pglite     one (postgres | pglite)
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { kindName, missesOnEachKind, skipped } from './kinds.mjs'
import { measure } from './measure.mjs'
import postgres from 'postgres'
import { MERCHANTS, pgliteDir, postgresUrl, seedMerchantBench, SPREAD_STORED_STATES_SQL } from './merchants-seed.mjs'

const PORT = 3923
const BUDGET_MS = 30
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
/** A given name (2 characters: the search_grams index), vegetable stalls, by name. */
const SEARCH = { q: '秀英', category: 'vegetables', sort: 'name', order: 'asc' }

const scenarios = (market) => [
  { label: 'all markets · newest first · page 1', query: {} },
  { label: 'all markets · newest first · page 1,000', query: { page: 1000 } },
  { label: 'all markets · 秀英 + vegetables + by name · page 1', query: SEARCH },
  { label: 'all markets · 秀英 + vegetables + by name · page 1,000', query: { ...SEARCH, page: 1000 } },
  { label: 'all markets · vegetables + by name · page 1,000', query: { ...SEARCH, q: undefined, page: 1000 } },
  { label: 'one market  · 秀英 + vegetables + by name · page 1', query: { ...SEARCH, market } },
  { label: 'one market  · 秀英 + vegetables + by name · page 1,000', query: { ...SEARCH, market, page: 1000 } },
  // Issue 26: the licence and credit filters and sorts (the seed spreads states and stars as a province
  // would have them: 1 star the rarest, 5 the most).
  { label: 'all markets · expiring licences · page 1', query: { licence: 'expiring' } },
  {
    label: 'all markets · expired licences + vegetables · page 1',
    query: { licence: 'expired', category: 'vegetables' },
  },
  { label: 'all markets · by licence, worst first · page 1,000', query: { sort: 'licence', order: 'asc', page: 1000 } },
  { label: 'one market  · missing licences · page 1', query: { licence: 'missing', market } },
  { label: 'all markets · 1 star · page 1', query: { credit: '1' } },
  { label: 'all markets · 5 stars · page 1,000', query: { credit: '5', page: 1000 } },
  { label: 'all markets · by credit, fewest first · page 1,000', query: { sort: 'credit', order: 'asc', page: 1000 } },
  { label: 'one market  · 2 stars · page 1', query: { credit: '2', market } },
  { label: 'one market  · by credit, fewest first · page 1', query: { sort: 'credit', order: 'asc', market } },
  {
    label: 'all markets · 王 + vegetables + by name · page 1 (a surname: 1 in 7 merchants; not budgeted)',
    query: { ...SEARCH, q: '王' },
    budgeted: false,
  },
]

/**
 * The server's jobs of the day (licence states, credit) write every merchant's stored values from its
 * records at start: once they have run, the states and stars are spread again as the seed spread them
 * (merchants-seed.mjs), so the filters and sorts are measured on a province's mix, not on all-alike.
 */
async function spreadStoredStatesAfterTodaysJobs() {
  const sql = postgres(postgresUrl, { max: 1, onnotice: () => {} })
  try {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
    const deadline = Date.now() + 180_000
    for (;;) {
      const [{ done }] = await sql`select count(*)::int as done from scheduled_job_runs
        where job in ('licences-daily', 'credit-recompute') and slot = ${today} and finished_at is not null`
      if (done === 2 || Date.now() > deadline) break
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    const [{ rarest }] = await sql`select count(*)::int as rarest from merchants where credit_stars = 1`
    if (rarest < MERCHANTS / 200) {
      await sql.unsafe(SPREAD_STORED_STATES_SQL)
      await sql`vacuum analyze merchants`
    }
  } finally {
    await sql.end()
  }
}

const queryString = (query) =>
  new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined)).toString()

const ms = (value) => value.toFixed(1).padStart(5)

async function bench(kind) {
  const seeded = await seedMerchantBench(kind)
  if (skipped(seeded, postgresUrl)) return []
  const name = kindName(kind)
  const { base, stop } = await startBuiltServer(
    kind === 'postgres' ? { port: PORT, databaseUrl: postgresUrl } : { port: PORT, dataDir: pgliteDir },
  )
  const misses = []
  try {
    if (kind === 'postgres') await spreadStoredStatesAfterTodaysJobs()
    const auth = await officialHeaders(base)
    const get = async (query) => {
      const response = await fetch(`${base}/api/merchants?${queryString(query)}`, { headers: auth })
      if (response.status === 404)
        throw new Error('GET /api/merchants: 404; the build predates merchants (npm run build, or BENCH_FROM_SOURCE=1)')
      return (await response.json()).data
    }
    // A market from the middle of the list (about 200 merchants).
    const market = (await get({ page: 5000, pageSize: 20 })).list[0].marketId
    console.log(
      `GET /api/merchants, ${MERCHANTS.toLocaleString('en')} merchants in 1,000 markets, as OFFICIAL (${name}, ${DURATION} s a line; budget p95 <= ${BUDGET_MS} ms${kind === 'postgres' ? '' : ' is for PostgreSQL'})`,
    )
    for (const { label, query, budgeted = true } of scenarios(market)) {
      const url = `${base}/api/merchants?${queryString({ pageSize: 20, ...query })}`
      const answer = await get({ pageSize: 20, ...query })
      for (let i = 0; i < 20; i++) await get({ pageSize: 20, ...query })
      const line = [`  ${label}: total ${answer.total.toLocaleString('en')}, ${answer.list.length} rows`]
      for (const connections of [1, 10]) {
        const result = await measure(url, auth, { connections, duration: DURATION })
        const over = result.p95 > BUDGET_MS
        const verdict = budgeted && kind === 'postgres' ? (over ? ' OVER BUDGET' : ' OK') : ''
        if (budgeted && kind === 'postgres' && over) misses.push(`${label}, ${connections} connection(s)`)
        line.push(
          `    ${String(connections).padStart(2)} conn: p50 ${ms(result.p50)} ms · p95 ${ms(result.p95)} ms${verdict} · ${Math.round(result.rps).toLocaleString('en')} req/s${result.failed ? ` · ${result.failed} failed` : ''}`,
        )
      }
      console.log(line.join('\n'))
    }
  } finally {
    await stop()
  }
  return misses
}

const misses = await missesOnEachKind(bench)
if (misses.length) console.log(`OVER BUDGET on PostgreSQL: ${misses.join('; ')}`)
