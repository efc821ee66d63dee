// Seeds the dashboard bench (issue 10): the merchant benches' 1,000 markets and 200,000 merchants
// (bench/merchants-seed.mjs), a payment terminal per active merchant, two gate counters and a pesticide
// tester per market, and their last 30 days: 10 million transactions on PostgreSQL, 1 million on PGlite
// (BENCH_TRANSACTIONS sets another figure), plus today so far. Everything goes through the device API's
// own ingest (ingestBatches: validation, the ledger, rollups, notices; the days' partitions made first), as uploads made
// now, in each device's own batches of up to 500. Run again later, it tops every market up to the
// present (the dashboard reads today): a market's day is drawn from one seed, so what was sent before
// is sent again with the same ids and the ledger drops it.
//   node bench/dashboard-seed.mjs            both databases
//   node bench/dashboard-seed.mjs postgres   one of them (postgres | pglite)
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'
import { benchKinds, minutes } from './kinds.mjs'
import { ensurePostgresDatabase, seedMerchantBench } from './merchants-seed.mjs'

register()
const { openDatabase } = await import('../server/db/client.ts')
const { devices } = await import('../server/db/schema.ts')
const { ingestBatches } = await import('../server/device-api/ingest.ts')
const { makeDayPartitions } = await import('../server/device-api/partitions.ts')
const { deviceSearchText } = await import('../server/devices/queries.ts')
const { hashSecret } = await import('../server/lib/tokens.ts')
const { seededRandom } = await import('../server/demo/seed/random.ts')
const { addDays, shanghaiDayOf, shanghaiDayStart } = await import('../contract/time.ts')
const trading = await import('../server/demo/seed/demo-trading.ts')

export const dashboardPostgresUrl =
  process.env.BENCH_DASHBOARD_URL || 'postgres://postgres@127.0.0.1:5432/bench_dashboard'
export const dashboardPgliteDir = process.env.BENCH_DASHBOARD_PGLITE_DIR || path.join(tmpdir(), 'ds-bench-dashboard')
const TRANSACTIONS = { postgres: 10_000_000, pglite: 1_000_000 }
/** The bench devices' shared secret (bench/dashboard-api.mjs does not call the device API). */
export const BENCH_DEVICE_SECRET = 'bench-device-secret-0000000000000000'
export const DAYS = 30
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** A device's events per upload (the device API's limit) and events per ingest transaction. */
const BATCH = 500
const GROUP_EVENTS = 5_000
const OPEN_HOUR = 5
const CLOSE_HOUR = 20
const GATES = ['东门', '西门']
const TEST_ROOM = '检测室'
/** Popularity of a stall is drawn from [0.5, 1.6): its mean. */
const MEAN_POPULARITY = 1.05
/** The bench markets' operators (bench/merchants-seed.mjs); the demo's markets keep their own history. */
const BENCH_OPERATORS = '0399%'

const day8 = (day) => day.replaceAll('-', '')
const iso = (ms) => new Date(ms).toISOString()

/** One statement with parameters on either client. */
export function runner(handle) {
  const client = handle.db.$client
  return handle.kind === 'postgres'
    ? (text, params = []) => client.unsafe(text, params)
    : async (text, params = []) => (await client.query(text, params)).rows
}

/** The bench markets with their active merchants, in a fixed order (the draws depend on it). */
export async function benchMarkets(run) {
  const markets = await run(
    `select m.id, u.username from markets m join users u on u.uk = m.account_uk
     where u.username like '${BENCH_OPERATORS}' order by u.username`,
  )
  const rows = await run(
    `select id, market_id, name, stall_no, category, account_username from merchants
     where status = 'active' and market_id in (select m.id from markets m join users u on u.uk = m.account_uk
       where u.username like '${BENCH_OPERATORS}')
     order by market_id, account_username`,
  )
  const byMarket = new Map(markets.map((market, no) => [market.id, { ...market, no, merchants: [] }]))
  for (const row of rows) byMarket.get(row.market_id)?.merchants.push(row)
  return [...byMarket.values()]
}

/** A market's devices as the ingest sees them (AuthedDevice), by code. */
function deviceOf(market, kind, code, stallNo, merchant) {
  return {
    code,
    kind,
    marketId: market.id,
    merchantId: merchant?.id ?? null,
    merchantName: merchant?.name ?? null,
    stallNo,
    lastSeenAt: null,
  }
}

function plannedDevices(market) {
  const seq = (merchant) => merchant.account_username.slice(merchant.account_username.lastIndexOf('-') + 1)
  return {
    terminals: market.merchants.map((merchant) =>
      deviceOf(market, 'payment_terminal', `BP-${market.username}-${seq(merchant)}`, merchant.stall_no, merchant),
    ),
    counters: GATES.map((gate, i) => deviceOf(market, 'passenger_counter', `BC-${market.username}-${i + 1}`, gate)),
    tester: deviceOf(market, 'pesticide_tester', `BT-${market.username}-1`, TEST_ROOM),
  }
}

/** Binds the bench devices once (a month before the history starts); answers their ids by code. */
export async function bindDevices(handle, run, markets, now) {
  const [{ n }] = await run(`select count(*)::int as n from devices where code like 'BT-%'`)
  if (n < markets.length) {
    const secretHash = hashSecret(BENCH_DEVICE_SECRET)
    const boundAt = new Date(now - (DAYS + 30) * DAY_MS)
    let rows = []
    const flush = async () => {
      if (rows.length > 0) await handle.db.insert(devices).values(rows).onConflictDoNothing()
      rows = []
    }
    for (const market of markets) {
      const { terminals, counters, tester } = plannedDevices(market)
      for (const device of [...terminals, ...counters, tester]) {
        rows.push({
          marketId: device.marketId,
          code: device.code,
          kind: device.kind,
          stallNo: device.stallNo,
          merchantId: device.merchantId,
          secretHash,
          boundAt,
          searchText: deviceSearchText(device.code, device.stallNo, device.merchantName),
          lastSeenAt: new Date(now),
          online: true,
        })
        if (rows.length >= 2_000) await flush()
      }
    }
    await flush()
  }
  const found = await run(`select id, code from devices where unbound_at is null and code like 'B_-0399%'`)
  return new Map(found.map((row) => [row.code, row.id]))
}

/** The days of history, oldest first: 30 whole days before today, then today. */
export function historyDays(now) {
  const today = shanghaiDayOf(now)
  return Array.from({ length: DAYS + 1 }, (_, i) => {
    const day = addDays(today, i - DAYS)
    return { day, start: shanghaiDayStart(day).getTime(), daysAgo: DAYS - i }
  })
}

/**
 * A market's events for one day, drawn from the day's own seed (the same every run), as
 * [device code, event with its time `at`] pairs.
 */
function marketDay(market, planned, { day, start, daysAgo }, perMerchantDay) {
  const random = seededRandom(market.no * 50_000 + Math.floor(start / DAY_MS))
  // A stall's popularity is the same every day: its own draw from the market's seed.
  const popular = seededRandom(market.no + 7)
  const events = []
  for (const [i, merchant] of market.merchants.entries()) {
    const popularity = 0.5 + popular() * 1.1
    const device = planned.terminals[i]
    const count = trading.dayVolume(random, perMerchantDay * popularity, start)
    const times = Array.from({ length: count }, () => trading.tradeTime(random, start)).sort((a, b) => a - b)
    for (const [n, at] of times.entries()) {
      const method = trading.paymentMethod(random)
      const amountFen = trading.saleFen(random, merchant.category, method)
      const id = `${day8(day)}-${String(n + 1).padStart(5, '0')}`
      events.push([device.code, { id, type: 'payment', amountFen, method, paidAt: iso(at), at }])
      if (random() < trading.REFUND_RATE) {
        const refundedAt = at + (5 + Math.floor(random() * 115)) * MINUTE_MS
        const refund = { id: `${id}-R`, type: 'refund', paymentId: id, refundedAt: iso(refundedAt), at: refundedAt }
        events.push([device.code, { ...refund, amountFen: trading.refundFen(random, amountFen) }])
      }
    }
  }
  // Gate counts per 10 minutes today and yesterday (the passenger-flow chart), hourly before.
  const seconds = daysAgo <= 1 ? 600 : 3600
  const visitorsPerGate = (market.merchants.length * trading.VISITORS_PER_MERCHANT_DAY) / GATES.length
  for (const counter of planned.counters)
    for (let minute = OPEN_HOUR * 60; minute < CLOSE_HOUR * 60; minute += seconds / 60) {
      const at = start + minute * MINUTE_MS
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`
      const counted = trading.gateCount(random, at, seconds, visitorsPerGate)
      const event = { id: `${day8(day)}-${hhmm}`, type: 'passenger_count', periodStart: iso(at), ...counted }
      // A period is sent once it has ended.
      events.push([counter.code, { ...event, periodSeconds: seconds, at: at + seconds * 1000 }])
    }
  const stalls = market.merchants.map((merchant) => merchant.stall_no).filter(trading.testedStall)
  const tests = stalls.length === 0 ? 0 : 3 + Math.floor(random() * 4)
  for (let i = 0; i < tests; i++) {
    const at = start + Math.floor((8.5 + random() * 7) * 60 * MINUTE_MS)
    const sample = { ...trading.testSample(random, stalls), ...trading.testOutcome(random) }
    events.push([
      planned.tester.code,
      { id: `${day8(day)}-${i + 1}`, type: 'pesticide_test', ...sample, testedAt: iso(at), at },
    ])
  }
  return events
}

/** Sends a market's events in (from, now] through the ingest: each device's in time order. */
async function sendMarket(deps, market, ids, events, from, now) {
  const planned = plannedDevices(market)
  const byCode = new Map(
    [...planned.terminals, ...planned.counters, planned.tester].map((device) => [device.code, device]),
  )
  const perDevice = new Map()
  for (const [code, event] of events) {
    if (event.at <= from || event.at > now) continue
    // A refund whose payment was sent before `from` still finds it (the ledger keeps every payment).
    let list = perDevice.get(code)
    if (!list) perDevice.set(code, (list = []))
    list.push(event)
  }
  let group = []
  let size = 0
  let sent = 0
  const flush = async () => {
    if (group.length > 0) await ingestBatches(deps, group, 'zh-CN')
    group = []
    size = 0
  }
  for (const [code, list] of perDevice) {
    const device = { ...byCode.get(code), id: ids.get(code) }
    if (!device.id) throw new Error(`bench device ${code} is not bound`)
    list.sort((a, b) => a.at - b.at)
    for (let start = 0; start < list.length; start += BATCH) {
      const batch = list.slice(start, start + BATCH).map(({ at: _at, ...event }) => event)
      if (size + batch.length > GROUP_EVENTS) await flush()
      group.push({ device, events: batch })
      size += batch.length
      sent += batch.length
    }
  }
  await flush()
  return sent
}

/**
 * Brings the dashboard bench database to 30 days of trade up to now. Answers what it sent and how
 * long it took, or `skipped` when no PostgreSQL answers.
 */
export async function seedDashboardBench(
  kind,
  { transactions = Number(process.env.BENCH_TRANSACTIONS) || TRANSACTIONS[kind] } = {},
) {
  const target = kind === 'postgres' ? { url: dashboardPostgresUrl } : { dataDir: dashboardPgliteDir }
  const merchantsSeeded = await seedMerchantBench(kind, target)
  if (merchantsSeeded.skipped) return { skipped: true }
  const started = performance.now()
  const handle = await openDatabase(
    kind === 'postgres' ? { kind, url: target.url, maxConnections: 4 } : { kind, dataDir: target.dataDir },
  )
  try {
    const run = runner(handle)
    await run(
      'create table if not exists bench_seeded (market_id uuid primary key, until timestamptz not null, per_merchant_day real not null)',
    )
    const now = Date.now()
    const markets = await benchMarkets(run)
    const ids = await bindDevices(handle, run, markets, now)
    const merchantCount = markets.reduce((sum, market) => sum + market.merchants.length, 0)
    // A weekday's mean per merchant, so 30 days (weekends 15 % busier) hold `transactions` with refunds.
    const weekdayShare = (5 + 2 * 1.15) / 7
    const fresh = transactions / (DAYS * merchantCount * MEAN_POPULARITY * weekdayShare * (1 + trading.REFUND_RATE))
    const seeded = new Map(
      (await run('select market_id, until, per_merchant_day from bench_seeded')).map((row) => [row.market_id, row]),
    )
    const days = historyDays(now)
    const historyFrom = days[0].start
    const deps = { db: handle.db, clock: () => new Date(now) }
    // Ingest makes no partitions (the server's background job does): the history's days first.
    await makeDayPartitions(handle.db, days[0].day, days.at(-1).day)
    let sent = 0
    let done = 0
    const queue = [...markets]
    const worker = async () => {
      for (let market = queue.shift(); market; market = queue.shift()) {
        const before = seeded.get(market.id)
        const perMerchantDay = before ? Number(before.per_merchant_day) : fresh
        const from = before ? Math.max(historyFrom, new Date(before.until).getTime()) : historyFrom - 1
        const planned = plannedDevices(market)
        // The day before `from` too: its refunds and last gate period may fall after it.
        const events = days
          .filter(({ start }) => start + 2 * DAY_MS > from)
          .flatMap((day) => marketDay(market, planned, day, perMerchantDay))
        // Awaited first: `sent += await …` would read `sent` before the other worker added to it.
        const marketSent = await sendMarket(deps, market, ids, events, from, now)
        sent += marketSent
        await run(
          `insert into bench_seeded (market_id, until, per_merchant_day) values ($1, $2, $3)
           on conflict (market_id) do update set until = excluded.until`,
          [market.id, iso(now), perMerchantDay],
        )
        if (++done % 50 === 0)
          console.log(
            `  ${done} / ${markets.length} markets, ${sent.toLocaleString('en')} events, ${Math.round((performance.now() - started) / 1000)} s`,
          )
      }
    }
    // PGlite runs one statement at a time: a second worker would only queue behind the first.
    await Promise.all(Array.from({ length: kind === 'postgres' ? 2 : 1 }, worker))
    // What autovacuum does after a bulk load (PGlite has none).
    await run('vacuum analyze')
    const [counts] = await run(
      `select (select count(*) from transactions)::int as transactions,
              (select count(*) from passenger_counts)::int as counts,
              (select count(*) from pesticide_tests)::int as tests,
              (select count(*) from devices where unbound_at is null)::int as devices`,
    )
    return { sent, seconds: (performance.now() - started) / 1000, counts, markets: markets.length, merchantCount }
  } finally {
    await handle.close().catch(() => {})
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const kind of benchKinds()) {
    const where =
      kind === 'postgres'
        ? `PostgreSQL (${new URL(dashboardPostgresUrl).pathname.slice(1)})`
        : `PGlite (${dashboardPgliteDir})`
    if (kind === 'postgres' && !(await ensurePostgresDatabase(dashboardPostgresUrl))) {
      console.log(`${where}: no server answers; skipped`)
      continue
    }
    const result = await seedDashboardBench(kind)
    const { counts } = result
    console.log(
      `${where}: ${result.sent.toLocaleString('en')} events sent through the ingest in ${minutes(result.seconds)} ` +
        `(${Math.round(result.sent / result.seconds).toLocaleString('en')} events/s); it now holds ` +
        `${counts.transactions.toLocaleString('en')} transactions, ${counts.counts.toLocaleString('en')} gate counts, ` +
        `${counts.tests.toLocaleString('en')} tests, ${counts.devices.toLocaleString('en')} bound devices in ` +
        `${result.markets.toLocaleString('en')} bench markets (${result.merchantCount.toLocaleString('en')} active merchants)`,
    )
  }
}
