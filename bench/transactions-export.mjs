// GET /api/transactions/export (issue 25 §1) of a busy market's month: the bench's busy market
// (bench/dashboard-seed-sql.mjs: 300,000 transactions over its 30 days, beside 1,000 markets of ~10,000
// a month) on the transactions bench's database, the server (the build, or the source with
// BENCH_FROM_SOURCE=1) in a process of its own whose resident memory (VmRSS) is read every 50 ms.
// Budget (issue 25): <= 15 s, the server's memory growth < 100 MB. Three exports in a row: the first
// since start, then two more (what a running server does).
//   node bench/transactions-export.mjs        BENCH_TRANSACTIONS_URL, BENCH_EXPORTS=3
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { scheduledJobsSettled } from './jobs-settled.mjs'

register()
const { addDays, shanghaiDayOf } = await import('../contract/time.ts')

const PORT = Number(process.env.BENCH_PORT ?? 4528)
const BUDGET = { seconds: 15, growthMb: 100 }
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 3)
const url = process.env.BENCH_TRANSACTIONS_URL || 'postgres://postgres@127.0.0.1:5432/bench_transactions'

const sql = postgres(url, { max: 1, onnotice: () => {} })
const [busy] =
  await sql`select market_id as id, per_merchant_day from bench_seeded order by per_merchant_day desc limit 1`
if (!busy) {
  console.log(`${url} holds no bench trade: run node bench/transactions-list.mjs (it seeds) first`)
  process.exit(1)
}
const today = shanghaiDayOf(new Date())
const month = { from: addDays(today, -30), to: today }
const [{ rows }] = await sql`select count(*)::int as rows from transactions where market_id = ${busy.id}
  and occurred_at >= (${month.from}::date::timestamp - interval '8 hours') at time zone 'UTC'`

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line.split(/\s+/)[1]) / 1024
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

const { base, stop, pid } = await startBuiltServer({ port: PORT, databaseUrl: url, startSeconds: 180 })
const misses = []
try {
  await scheduledJobsSettled(sql)
  await sql.end({ timeout: 5 })
  const official = await officialHeaders(base)
  const query = new URLSearchParams({ market: busy.id, ...month }).toString()
  // A first list request, so the idle figure is a server that has served (its modules and pool warm).
  await fetch(`${base}/api/transactions?${query}`, { headers: official }).then((r) => r.arrayBuffer())
  await new Promise((resolve) => setTimeout(resolve, 1000))
  console.log(
    `GET /api/transactions/export, the busy market's month (${month.from} to ${month.to}: ${rows.toLocaleString('en')} transactions in the database; budget <= ${BUDGET.seconds} s, growth < ${BUDGET.growthMb} MB)`,
  )
  for (let n = 1; n <= EXPORTS; n++) {
    const idle = rssMb(pid)
    let peak = idle
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid))
    }, 50)
    const started = performance.now()
    const response = await fetch(`${base}/api/transactions/export?${query}`, { headers: official })
    if (response.status !== 200) throw new Error(`export answered ${response.status}`)
    let bytes = 0
    let lines = 0
    for await (const chunk of response.body) {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) lines++
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, rssMb(pid))
    const growth = peak - idle
    const over = seconds > BUDGET.seconds || growth >= BUDGET.growthMb
    if (over) misses.push(`export ${n}: ${seconds.toFixed(1)} s, +${growth.toFixed(0)} MB`)
    console.log(
      `  export ${n}: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${idle.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB)${over ? ' OVER BUDGET' : ' OK'}; load ${load()}`,
    )
  }
} finally {
  await stop()
}
console.log(misses.length === 0 ? 'Every budget held.' : `OVER BUDGET: ${misses.join('; ')}`)
