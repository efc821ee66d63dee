// A province's heartbeats on PostgreSQL (issue 22): 200,000 bound devices, each sending
// POST /api/device/v1/heartbeat, from a pool of several hundred sockets cycling through the devices at
// a set rate (open loop: a request waits for a free socket like a device waits for the server, and that
// wait counts in its latency). The devices are inserted in SQL (bound and seen a moment ago, as after a
// restart), plus 1,000 never seen, whose coming online an OFFICIAL's /api/stream must hear exactly once
// each. Two phases: a first pass over every device (each instance reads a device's row once, then keeps
// it), then BENCH_SECONDS measured (the steady state). Afterwards: every device online in the database,
// each with a last-seen time no older than its last answered heartbeat, the stream's online and
// offline counts exact.
// Budget: >= 5,000 heartbeats/s with p99 <= 50 ms, and the server's CPU ms per 1,000 heartbeats.
//   node bench/heartbeats.mjs      BENCH_DEVICES=200000 BENCH_RATE=6700 BENCH_SOCKETS=400 BENCH_SECONDS=30
// Database: bench_heartbeats (BENCH_HEARTBEATS_DATABASE_URL), created when missing; its bench devices are
// replaced on every run. The server runs from source (tsx) unless BENCH_FROM_SOURCE=0 and a build exists.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import postgres from 'postgres'
import { officialHeaders, startBuiltServer } from './built-server.mjs'
import { percentile } from './measure.mjs'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

const PORT = 3931
const DEVICES = Number(process.env.BENCH_DEVICES ?? 200_000)
const NEVER_SEEN = 1_000
const RATE = Number(process.env.BENCH_RATE ?? 6_700)
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 400)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const BUDGET_RATE = 5_000
const BUDGET_P99_MS = 50
const SECRET = 'bench-heartbeat-secret'
const url = process.env.BENCH_HEARTBEATS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_heartbeats'
const fromSource = process.env.BENCH_FROM_SOURCE !== '0'
const SERVER_TIME = /"serverTime":"([^"]+)"/
/** Each device's Authorization header, made once (the client's CPU is the server's too). */
const authorizations = new Map()

/** CPU ms a process has used so far (Linux /proc: utime + stime in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** CPU ms of every PostgreSQL process on the machine (other work on it counts too: approximate). */
function postgresCpuMs() {
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid)
    } catch {
      // gone meanwhile
    }
  }
  return total
}

/** The bench's devices, replaced: bound and seen a moment ago, and NEVER_SEEN never seen. */
async function insertDevices(sql, runTag) {
  await sql`delete from devices where code like 'HB-%'`
  const markets = (await sql`select id from markets order by id`).map((row) => row.id)
  if (markets.length === 0) throw new Error('no markets: the demo seed did not run')
  const hash = createHash('sha256').update(SECRET).digest('hex')
  const started = Date.now()
  // One statement per 50,000: generate_series does the rows, the market round-robin.
  for (let from = 0; from < DEVICES + NEVER_SEEN; from += 50_000) {
    const to = Math.min(DEVICES + NEVER_SEEN, from + 50_000) - 1
    await sql`
      insert into devices (market_id, code, kind, stall_no, secret_hash, bound_at, last_seen_at, online, search_text)
      select (${markets}::uuid[])[1 + n % ${markets.length}], 'HB-' || ${runTag} || '-' || n, 'passenger_counter',
        'HB-' || n, ${hash}, now(), case when n < ${DEVICES} then now() end, n < ${DEVICES}, lower('HB-' || n)
      from generate_series(${from}::int, ${to}::int) as n`
  }
  await sql`analyze devices`
  return { markets: markets.length, ms: Date.now() - started }
}

/** Opens an OFFICIAL's live stream and counts the bench devices' online and offline announcements. */
async function watchDevices(base) {
  const headers = await officialHeaders(base)
  const counts = { online: 0, offline: 0, onlineIds: new Set() }
  const controller = new AbortController()
  const response = await fetch(`${base}/api/stream`, { headers, signal: controller.signal })
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let ready
  const opened = new Promise((resolve) => (ready = resolve))
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        ready()
        buffer += value
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!/^event: device$/m.test(frame)) continue
          const data = JSON.parse(frame.match(/^data: (.*)$/m)?.[1] ?? 'null')
          if (!data?.code?.startsWith('HB-')) continue
          if (data.online) {
            counts.online++
            counts.onlineIds.add(data.deviceId)
          } else counts.offline++
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 2_000))])
  return { counts, close: () => controller.abort() }
}

/**
 * Sends heartbeats for `codes` in order, starting from `offset`, at `rate` a second through `sockets`
 * keep-alive sockets, for `seconds` (or once through the list when seconds is null). Answers the
 * latencies, the refusals and each code's last answered serverTime.
 */
async function send({ codes, rate, sockets, seconds, agent, lastAnswered }) {
  const times = []
  const statuses = {}
  let failed = 0
  let sent = 0
  let done = 0
  const total = seconds === null ? codes.length : Infinity
  const started = performance.now()
  const until = seconds === null ? Infinity : started + seconds * 1000
  return new Promise((resolve) => {
    const finish = () => resolve({ times, failed, statuses, seconds: (performance.now() - started) / 1000, sent })
    const tick = setInterval(() => {
      const now = performance.now()
      const due = Math.min(total, Math.floor(((now - started) / 1000) * rate))
      if (now >= until || sent >= total) {
        clearInterval(tick)
        if (done === sent) finish()
        return
      }
      // Bounded: never more than the sockets and a second's worth waiting in the client.
      while (sent < due && sent - done < sockets + rate) {
        const code = codes[(send.offset + sent) % codes.length]
        sent++
        const at = performance.now()
        const request = http.request(
          {
            agent,
            host: '127.0.0.1',
            port: PORT,
            method: 'POST',
            path: '/api/device/v1/heartbeat',
            headers: { authorization: authorizations.get(code) },
          },
          (response) => {
            let body = ''
            response.setEncoding('utf8')
            response.on('data', (chunk) => (body += chunk))
            response.on('end', () => {
              times.push(performance.now() - at)
              // The answer's serverTime, read without parsing the whole answer (the client shares the cores).
              if (response.statusCode === 200) lastAnswered.set(code, SERVER_TIME.exec(body)?.[1])
              else {
                failed++
                statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
              }
              done++
              if ((performance.now() >= until || sent >= total) && done === sent) {
                clearInterval(tick)
                finish()
              }
            })
          },
        )
        request.on('error', () => {
          failed++
          statuses.error = (statuses.error ?? 0) + 1
          done++
        })
        request.end()
      }
    }, 5)
  }).finally(() => {
    send.offset += sent
  })
}
send.offset = 0

async function main() {
  if (!(await ensurePostgresDatabase(url))) throw new Error(`PostgreSQL is not reachable at ${url}`)
  const sql = postgres(url, { max: 2, onnotice: () => {} })
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os.loadavg()[0].toFixed(1)}`,
  )
  const server = await startBuiltServer({ port: PORT, databaseUrl: url, fromSource })
  try {
    const runTag = Date.now().toString(36).toUpperCase()
    const inserted = await insertDevices(sql, runTag)
    console.log(
      `${DEVICES.toLocaleString('en')} devices seen a moment ago and ${NEVER_SEEN} never seen, in ${inserted.markets} markets: inserted in ${(inserted.ms / 1000).toFixed(1)} s`,
    )
    const codes = Array.from({ length: DEVICES + NEVER_SEEN }, (_, n) => `HB-${runTag}-${n}`)
    for (const code of codes) authorizations.set(code, `Basic ${Buffer.from(`${code}:${SECRET}`).toString('base64')}`)
    // The never-seen ones spread through the list: they come online while the others beat.
    for (let i = 0; i < NEVER_SEEN; i++) {
      const at = Math.floor((i * codes.length) / NEVER_SEEN)
      const swap = codes[at]
      codes[at] = codes[DEVICES + i]
      codes[DEVICES + i] = swap
    }
    const watch = await watchDevices(server.base)
    const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS })
    const lastAnswered = new Map()

    const first = await send({ codes, rate: RATE, sockets: SOCKETS, seconds: null, agent, lastAnswered })
    line('first pass (each row read once)', first)

    const cpuBefore = cpuMs(server.pid)
    const pgBefore = postgresCpuMs()
    const steady = await send({ codes, rate: RATE, sockets: SOCKETS, seconds: SECONDS, agent, lastAnswered })
    const cpu = cpuMs(server.pid) - cpuBefore
    const pgCpu = postgresCpuMs() - pgBefore
    const rate = line('steady', steady)
    const answered = steady.times.length - steady.failed
    console.log(
      `server CPU ${((cpu / answered) * 1000).toFixed(0)} ms per 1,000 heartbeats (${(cpu / 1000 / steady.seconds).toFixed(2)} cores); PostgreSQL (every process on the machine) ${((pgCpu / answered) * 1000).toFixed(0)} ms per 1,000`,
    )
    agent.destroy()
    console.log(`load average ${os.loadavg()[0].toFixed(1)} (other work on the machine shares its cores)`)

    // The last second's last-seen times are written within a second; then every device is checked.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    watch.close()
    const [state] = await sql`
      select count(*) filter (where online)::int as online, count(*) filter (where not online)::int as offline
      from devices where code like ${`HB-${runTag}-%`} and unbound_at is null`
    const rows = await sql`select code, last_seen_at from devices where code like ${`HB-${runTag}-%`}`
    let behind = 0
    for (const row of rows) {
      const answeredAt = lastAnswered.get(row.code)
      if (answeredAt && (!row.last_seen_at || row.last_seen_at.getTime() < Date.parse(answeredAt))) behind++
    }
    const exact =
      state.online === DEVICES + NEVER_SEEN &&
      state.offline === 0 &&
      behind === 0 &&
      watch.counts.online === NEVER_SEEN &&
      watch.counts.onlineIds.size === NEVER_SEEN &&
      watch.counts.offline === 0
    console.log(
      `afterwards: ${state.online.toLocaleString('en')} online, ${state.offline} offline in the database; ${behind} last-seen times older than their answered heartbeat; stream heard ${watch.counts.online} online (${watch.counts.onlineIds.size} devices, ${NEVER_SEEN} expected) and ${watch.counts.offline} offline: ${exact ? 'EXACT' : 'NOT EXACT'}`,
    )
    const ok = rate >= BUDGET_RATE && percentile(steady.times, 99) <= BUDGET_P99_MS && exact
    console.log(
      `budget >= ${BUDGET_RATE.toLocaleString('en')}/s with p99 <= ${BUDGET_P99_MS} ms, counts exact: ${ok ? 'OK' : 'OVER'}`,
    )
    await sql`delete from devices where code like ${`HB-${runTag}-%`}`
  } finally {
    await server.stop()
    await sql.end({ timeout: 5 })
  }
}

function line(label, { times, failed, statuses, seconds }) {
  const rate = (times.length - failed) / seconds
  console.log(
    `${label}: ${times.length.toLocaleString('en')} heartbeats in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')}/s (asked ${RATE.toLocaleString('en')}/s over ${SOCKETS} sockets), p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms, ${failed} refused${failed ? ` ${JSON.stringify(statuses)}` : ''}`,
  )
  return rate
}

await main()
