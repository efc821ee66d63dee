// Sustained ingest through the device API, against the BUILT server: N payment terminals bound as the
// console binds them, several senders posting batches of 100 payments as fast as they are answered (the
// simulator's load generator, server/demo/simulator/load.ts), some batches sent twice on purpose. Meanwhile
// an OFFICIAL listens on GET /api/stream and times each batch from its send to its `transactions` event.
// Afterwards the stored events are counted: each answered event stored once, none lost.
// Budgets (issue 9): >= 5,000 events/s on PostgreSQL (PGlite beside it), p99 batch latency printed;
// device call → SSE subscriber p95 <= 1 s at that load.
//   node bench/devices-ingest.mjs            both databases     BENCH_SECONDS=20   measured seconds
//   node bench/devices-ingest.mjs pglite     one (postgres | pglite)
//   BENCH_SENDERS=8 BENCH_DEVICES=40 BENCH_BATCH=100   the load's shape
// PostgreSQL: the bench_devices database (BENCH_DEVICES_DATABASE_URL), created when missing; PGlite: a
// data folder under the temp dir (BENCH_DEVICES_PGLITE_DIR). Both keep their demo between runs
// (BENCH_RESEED=1 starts again); each run binds new devices and unbinds them at the end.
// BENCH_BASE_URL=http://… runs the load against a server already running on that PostgreSQL database
// (e.g. one started with --cpu-prof, to see where its time goes).
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { api, COUNT_STORED_SQL, bindTerminals, listenForBatches } from './device-traffic.mjs'
import { percentile } from './measure.mjs'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

register()
const { runLoad } = await import('../server/demo/simulator/load.ts')
const { openDatabase } = await import('../server/db/client.ts')

const PORT = 3927
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const WARMUP_SECONDS = 3
const SENDERS = Number(process.env.BENCH_SENDERS ?? 8)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 40)
const BATCH = Number(process.env.BENCH_BATCH ?? 100)
/** Every 20th batch of a sender is sent again at once: it must come back all duplicates. */
const RESEND_EVERY = 20
const BUDGET_EVENTS_PER_S = 5_000
const BUDGET_SSE_P95_MS = 1_000
const postgresUrl = process.env.BENCH_DEVICES_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_devices'
const pgliteDir = process.env.BENCH_DEVICES_PGLITE_DIR || path.join(tmpdir(), 'ds-bench-devices-pglite')
const fresh = process.env.BENCH_RESEED === '1'

/** CPU seconds a process has used so far (Linux /proc), or null. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** Counts what the run's devices stored: rows, distinct events, ledger rows. */
async function countStored(kind, deviceIds) {
  const text = COUNT_STORED_SQL
  const ids = `{${deviceIds.join(',')}}`
  if (kind === 'postgres') {
    const sql = postgres(postgresUrl, { max: 1, onnotice: () => {} })
    try {
      return (await sql.unsafe(text, [ids]))[0]
    } finally {
      await sql.end({ timeout: 5 })
    }
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir })
  try {
    return (await handle.db.$client.query(text, [ids])).rows[0]
  } finally {
    await handle.close()
  }
}

async function bench(kind) {
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
  if (kind === 'postgres' && !(await ensurePostgresDatabase(postgresUrl, { fresh }))) {
    console.log(`PostgreSQL: no server answers at ${postgresUrl}; skipped`)
    return []
  }
  if (kind === 'pglite' && fresh) rmSync(pgliteDir, { recursive: true, force: true })
  const started = performance.now()
  const running = process.env.BENCH_BASE_URL
  const { base, stop, pid } = running
    ? { base: running, stop: async () => {}, pid: null }
    : await startBuiltServer(
        kind === 'postgres' ? { port: PORT, databaseUrl: postgresUrl } : { port: PORT, dataDir: pgliteDir },
      )
  const startSeconds = (performance.now() - started) / 1000
  let devices = []
  let stopped = false
  try {
    const headers = await officialHeaders(base)
    devices = await bindTerminals(base, headers, DEVICES)
    const stream = await listenForBatches(base, headers)
    const sentAt = new Map()
    const onSend = ({ key, resend, at }) => {
      if (!resend) sentAt.set(key, at)
    }
    const load = (seconds) =>
      runLoad({
        base,
        devices,
        senders: SENDERS,
        batchSize: BATCH,
        durationMs: seconds * 1000,
        resendEvery: RESEND_EVERY,
        random: Math.random,
        onSend,
      })
    const warmup = await load(WARMUP_SECONDS)
    const measuredFrom = Date.now()
    const serverCpu = pid ? cpuSeconds(pid) : null
    const clientCpu = process.cpuUsage()
    const result = await load(SECONDS)
    const serverBusy = serverCpu === null ? null : (cpuSeconds(pid) - serverCpu) / (result.elapsedMs / 1000)
    const clientUsed = process.cpuUsage(clientCpu)
    const clientBusy = (clientUsed.user + clientUsed.system) / 1000 / result.elapsedMs
    // Events still on their way to the subscriber.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    await stream.close()
    const sse = []
    let unheard = 0
    for (const [key, at] of sentAt) {
      if (at < measuredFrom) continue
      const heard = stream.arrived.get(key)
      if (heard === undefined) unheard++
      else sse.push(heard - at)
    }
    for (const device of devices) await api(base, headers, 'POST', `/api/devices/${device.id}/unbind`)
    await stop()
    stopped = true
    const stored = await countStored(
      kind,
      devices.map((device) => device.id),
    )
    const answered = warmup.answeredIds + result.answeredIds
    const failed = warmup.failed + result.failed
    const eventsPerSecond = result.accepted / (result.elapsedMs / 1000)
    const lost = answered - stored.distinct_events
    const duplicated = stored.rows - stored.distinct_events
    const unledgered = stored.ledger - stored.distinct_events
    const resendsOk = warmup.resendsAccepted + result.resendsAccepted === 0
    const ok = eventsPerSecond >= BUDGET_EVENTS_PER_S
    const sseOk = percentile(sse, 95) <= BUDGET_SSE_P95_MS
    console.log(
      `${name}: ${Math.round(eventsPerSecond).toLocaleString('en')} events/s (budget >= ${BUDGET_EVENTS_PER_S.toLocaleString('en')}${kind === 'postgres' ? '' : ', PostgreSQL only'}) ${kind === 'postgres' ? (ok ? 'OK' : 'OVER') : ''}`.trimEnd(),
    )
    console.log(
      `  batches of ${BATCH} from ${SENDERS} senders over ${DEVICES} devices, ${SECONDS} s: ${result.batches} batches answered, ` +
        `p50 ${percentile(result.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms a batch; ${failed} failed; ` +
        `${serverBusy === null ? '' : `server process ${Math.round(serverBusy * 100)} % of a core, `}load generator ${Math.round(clientBusy * 100)} %`,
    )
    console.log(
      `  device call → SSE subscriber: p95 ${percentile(sse, 95).toFixed(0)} ms, p50 ${percentile(sse, 50).toFixed(0)} ms ` +
        `(budget p95 <= ${BUDGET_SSE_P95_MS} ms) ${sseOk ? 'OK' : 'OVER'}; ${sse.length} batches heard, ${unheard} not heard`,
    )
    console.log(
      `  stored ${stored.distinct_events.toLocaleString('en')} events for ${answered.toLocaleString('en')} answered: ` +
        `${lost} lost, ${duplicated} duplicated, ${unledgered} ledger rows without a transaction; ${warmup.resent + result.resent} batches resent on purpose, ` +
        `${resendsOk ? 'all answered as duplicates' : 'SOME STORED AGAIN'} (server started in ${startSeconds.toFixed(0)} s)`,
    )
    const sound = lost === 0 && duplicated === 0 && unledgered === 0 && resendsOk
    return (ok || kind !== 'postgres') && sseOk && sound ? [] : [name]
  } finally {
    if (!stopped) await stop()
  }
}

const kinds = process.argv[2] ? [process.argv[2]] : ['postgres', 'pglite']
const misses = []
for (const kind of kinds) misses.push(...(await bench(kind)))
if (misses.length > 0) console.log(`Outside budget or lost/duplicated: ${misses.join(', ')}`)
