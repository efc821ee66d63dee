// Sustained ingest through nginx (deploy/nginx.conf, as tests/api/proxy-instances.test.ts runs it) in
// front of two instances of the BUILT server on one PostgreSQL database: the load of
// bench/devices-ingest.mjs (senders posting batches of 100 payments as fast as they are answered, some
// sent twice on purpose), round-robin over both instances. One OFFICIAL subscriber is connected to each
// instance directly; a batch counts as heard when the later of the two has it: whichever instance
// ingested it, one subscriber is on the other one. Afterwards the stored events are counted.
// Budgets (issue 22): >= 8,000 events/s, 0 lost, 0 duplicated; device call → SSE subscriber on the other
// instance p95 <= 1 s.
//   node bench/proxy-ingest.mjs       BENCH_SECONDS=20   measured seconds
//   BENCH_SENDERS=8 BENCH_DEVICES=40 BENCH_BATCH=100   the load's shape
// The database is bench/devices-ingest.mjs's (bench_devices, BENCH_DEVICES_DATABASE_URL), its demo kept
// between runs; each run binds new devices and unbinds them at the end. Needs /usr/sbin/nginx.
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { api, COUNT_STORED_SQL, bindTerminals, listenForBatches } from './device-traffic.mjs'
import { percentile } from './measure.mjs'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

register()
const { runLoad } = await import('../server/demo/simulator/load.ts')
const { startNginx } = await import('../tests/helpers/nginx.ts')

const PORTS = [3931, 3932]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const WARMUP_SECONDS = 3
const SENDERS = Number(process.env.BENCH_SENDERS ?? 8)
const DEVICES = Number(process.env.BENCH_DEVICES ?? 40)
const BATCH = Number(process.env.BENCH_BATCH ?? 100)
const RESEND_EVERY = 20
const BUDGET_EVENTS_PER_S = 8_000
const BUDGET_SSE_P95_MS = 1_000
const postgresUrl = process.env.BENCH_DEVICES_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_devices'

async function countStored(deviceIds) {
  const sql = postgres(postgresUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql.unsafe(COUNT_STORED_SQL, [`{${deviceIds.join(',')}}`])
    return row
  } finally {
    await sql.end({ timeout: 5 })
  }
}

if (!(await ensurePostgresDatabase(postgresUrl))) {
  console.log(`PostgreSQL: no server answers at ${postgresUrl}; skipped`)
  process.exit(0)
}
process.env.TRUST_PROXY = '1'
const instances = []
let proxy
let stopped = false
try {
  // One after the other: the first one seeds the demo on an empty database.
  for (const port of PORTS) instances.push(await startBuiltServer({ port, databaseUrl: postgresUrl }))
  proxy = await startNginx(PORTS)
  const base = proxy.baseURL
  const headers = await officialHeaders(base)
  const devices = await bindTerminals(base, headers, DEVICES)
  const streams = await Promise.all(instances.map((instance) => listenForBatches(instance.base, headers)))
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
  const result = await load(SECONDS)
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  await Promise.all(streams.map((stream) => stream.close()))
  const sse = []
  let unheard = 0
  for (const [key, at] of sentAt) {
    if (at < measuredFrom) continue
    const heard = streams.map((stream) => stream.arrived.get(key))
    if (heard.some((time) => time === undefined)) unheard++
    else sse.push(Math.max(...heard) - at)
  }
  const served = new Map()
  for (const line of proxy.served()) served.set(line.upstream, (served.get(line.upstream) ?? 0) + 1)
  for (const device of devices) await api(base, headers, 'POST', `/api/devices/${device.id}/unbind`)
  await proxy.stop()
  await Promise.all(instances.map((instance) => instance.stop()))
  stopped = true
  const stored = await countStored(devices.map((device) => device.id))
  const answered = warmup.answeredIds + result.answeredIds
  const failed = warmup.failed + result.failed
  const eventsPerSecond = result.accepted / (result.elapsedMs / 1000)
  const lost = answered - stored.distinct_events
  const duplicated = stored.rows - stored.distinct_events
  const resendsOk = warmup.resendsAccepted + result.resendsAccepted === 0
  const ok = eventsPerSecond >= BUDGET_EVENTS_PER_S
  const sseOk = percentile(sse, 95) <= BUDGET_SSE_P95_MS
  console.log(
    `Through nginx, two instances: ${Math.round(eventsPerSecond).toLocaleString('en')} events/s (budget >= ${BUDGET_EVENTS_PER_S.toLocaleString('en')}) ${ok ? 'OK' : 'OVER'}`,
  )
  console.log(
    `  batches of ${BATCH} from ${SENDERS} senders over ${DEVICES} devices, ${SECONDS} s: ${result.batches} batches answered, ` +
      `p50 ${percentile(result.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms a batch; ${failed} failed; ` +
      `requests per instance ${[...served.values()].join(' / ')}`,
  )
  console.log(
    `  device call → SSE subscriber on the other instance: p95 ${percentile(sse, 95).toFixed(0)} ms, p50 ${percentile(sse, 50).toFixed(0)} ms ` +
      `(budget p95 <= ${BUDGET_SSE_P95_MS} ms) ${sseOk ? 'OK' : 'OVER'}; ${sse.length} batches heard by both, ${unheard} not`,
  )
  console.log(
    `  stored ${stored.distinct_events.toLocaleString('en')} events for ${answered.toLocaleString('en')} answered: ` +
      `${lost} lost, ${duplicated} duplicated, ${stored.ledger - stored.distinct_events} ledger rows without a transaction; ` +
      `${warmup.resent + result.resent} batches resent on purpose, ${resendsOk ? 'all answered as duplicates' : 'SOME STORED AGAIN'}`,
  )
  if (!(ok && sseOk && lost === 0 && duplicated === 0 && resendsOk)) console.log('Outside budget or lost/duplicated')
} finally {
  if (!stopped) {
    await proxy?.stop()
    await Promise.all(instances.map((instance) => instance.stop()))
  }
}
