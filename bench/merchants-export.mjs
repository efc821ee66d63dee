// GET /api/merchants/export: every one of 200,000 merchants (bench/merchants-seed.mjs makes them the
// first time) as CSV, against the BUILT server in a process of its own, so its memory is measured
// alone: the time to the last byte, and the server's peak resident memory over its idle size (read
// from /proc every 10 ms while the file streams).
// Budget (issue 8): <= 10 s, < 100 MB over idle.
//   node bench/merchants-export.mjs            both databases
//   node bench/merchants-export.mjs pglite     one (postgres | pglite)
import { readFileSync } from 'node:fs'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { MERCHANTS, pgliteDir, postgresUrl, seedMerchantBench } from './merchants-seed.mjs'

const PORT = 3922
const BUDGET = { seconds: 10, megabytes: 100 }
const MB = 1024 * 1024

/** Resident memory of a process, in bytes (Linux). */
const rss = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024

/** One export of every merchant: its time to the last byte and the server's peak memory over idle. */
async function exportOnce(base, auth, pid, name, run) {
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const idle = rss(pid)
  let peak = idle
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid))
  }, 10)
  const started = performance.now()
  const response = await fetch(`${base}/api/merchants/export`, { headers: auth })
  if (response.status === 404)
    throw new Error(
      'GET /api/merchants/export: 404; the build predates merchants (npm run build, or BENCH_FROM_SOURCE=1)',
    )
  let bytes = 0
  let lines = 0
  for await (const chunk of response.body) {
    bytes += chunk.length
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, rss(pid))
  const over = (peak - idle) / MB
  const rows = lines - 1
  const ok = seconds <= BUDGET.seconds && over < BUDGET.megabytes && rows === MERCHANTS
  console.log(
    `GET /api/merchants/export, every merchant (${name}, ${run} export since start): ${rows.toLocaleString('en')} rows, ${(bytes / MB).toFixed(1)} MB of CSV`,
  )
  console.log(
    `  ${seconds.toFixed(1)} s (budget <= ${BUDGET.seconds} s) · server memory ${(idle / MB).toFixed(0)} MB idle, peak ${(peak / MB).toFixed(0)} MB: +${over.toFixed(0)} MB (budget < ${BUDGET.megabytes} MB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  )
  return ok
}

async function bench(kind) {
  const seeded = await seedMerchantBench(kind)
  if (seeded.skipped) {
    console.log(`PostgreSQL: no server answers at ${postgresUrl}; skipped`)
    return true
  }
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
  const { base, stop, pid } = await startBuiltServer(
    kind === 'postgres' ? { port: PORT, databaseUrl: postgresUrl } : { port: PORT, dataDir: pgliteDir },
  )
  try {
    const auth = await officialHeaders(base)
    // Warm: the routes, the session and a small export, then a moment of quiet.
    await (await fetch(`${base}/api/merchants?pageSize=20`, { headers: auth })).arrayBuffer()
    await (
      await fetch(`${base}/api/merchants/export?q=${encodeURIComponent('王秀英')}`, { headers: auth })
    ).arrayBuffer()
    const ok = []
    // The first export after start also grows the heap and (PGlite) the database's own memory to their
    // working size; the second shows what an export costs once they have.
    for (const run of ['first', 'second']) ok.push(await exportOnce(base, auth, pid, name, run))
    return ok.every(Boolean)
  } finally {
    await stop()
  }
}

const kinds = process.argv[2] ? [process.argv[2]] : ['postgres', 'pglite']
for (const kind of kinds) await bench(kind)
