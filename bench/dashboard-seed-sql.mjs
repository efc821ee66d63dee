// The dashboard bench's 30 days written by SQL (generate_series) instead of through the ingest: the
// ingest path (bench/dashboard-seed.mjs) takes ~1 hour for 10 million transactions on 2 cores, this one
// minutes. It writes what the ingest writes: the ledger (device_events, refunded amounts included), the
// transactions (a refund its own row naming its payment), gate counts and pesticide tests, on the same
// bench markets, merchants and devices (bench/merchants-seed.mjs, bindDevices), with the same day shape,
// method mix, sale ranges and refund rate (server/demo/seed/demo-trading.ts); then the rollups the ingest
// keeps (market minute and day, merchant day, method day, and the platform's rows under ALL_MARKETS),
// summed from those rows, so statements, the dashboard and the nightly check all agree. The nightly
// check's own recompute (findDifferences) checks it at the end. Event ids start with "S" (the ingest's
// draws never do), and bench_seeded is written as the ingest path writes it, so a later
// `node bench/dashboard-seed.mjs` tops the markets up to its present through the ingest.
// Not written: the notices of failed tests (the ingest's messages; no bench reads them).
// One market, the export bench's busy market, trades BUSY_MONTH transactions over the 30 days.
//   node bench/dashboard-seed-sql.mjs        BENCH_DASHBOARD_URL, BENCH_TRANSACTIONS (10,000,000)
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'
import { benchMarkets, bindDevices, DAYS, historyDays, runner } from './dashboard-seed.mjs'
import { ensurePostgresDatabase, seedMerchantBench } from './merchants-seed.mjs'

register()
const { openDatabase } = await import('../server/db/client.ts')
const { makeDayPartitions } = await import('../server/device-api/partitions.ts')
const { findDifferences } = await import('../server/statements/nightly-check.ts')
const { addDays } = await import('../contract/time.ts')
const trading = await import('../server/demo/seed/demo-trading.ts')
const { maxPassengersFor } = await import('../contract/device-api.ts')

/** The busy market's month (issue 25's export budget: a market of 300,000 transactions a month). */
export const BUSY_MONTH = 300_000
const ALL_MARKETS = '00000000-0000-0000-0000-000000000000'
/** demo-trading.ts's day shape by Shanghai hour, its method mix, its sale ranges (kept in step by hand). */
const TRADE_BY_HOUR = [
  0.02, 0.02, 0.02, 0.03, 0.1, 0.45, 0.85, 1, 0.9, 0.65, 0.5, 0.38, 0.22, 0.2, 0.25, 0.35, 0.55, 0.85, 0.9, 0.55, 0.22,
  0.08, 0.03, 0.02,
]
const TRADE_PER_DAY = TRADE_BY_HOUR.reduce((sum, weight) => sum + weight, 0)
const SALE_YUAN = {
  vegetables: [3, 30],
  fruit: [5, 60],
  meat: [15, 80],
  aquatic: [12, 80],
  eggs_poultry: [8, 50],
  grain_oil: [10, 80],
  dry_goods: [6, 60],
  cooked_food: [8, 50],
  other: [3, 40],
}
const PRODUCE = {
  A: ['青菜', '菠菜', '芹菜', '韭菜', '油麦菜', '小白菜', '生菜', '黄瓜', '豇豆', '西红柿', '茄子', '青椒'],
  B: ['苹果', '葡萄', '草莓', '梨', '桃', '橘子'],
}
const WEEKEND = 1.15
const MEAN_POPULARITY = 1.05

/** An hour drawn from the day's shape: an array where each hour appears in proportion to its trade. */
const HOURS = `array[${TRADE_BY_HOUR.flatMap((weight, hour) => Array(Math.round(weight * 100)).fill(hour)).join(',')}]`
const SHARES = `array[${TRADE_BY_HOUR.map((weight) => (weight / TRADE_PER_DAY).toFixed(6)).join(',')}]::float8[]`
const text = (list) => `array[${list.map((item) => `'${item}'`).join(',')}]`
/** A standard normal draw (Irwin–Hall of 12 would be closer; 3 is close enough for counts). */
const GAUSS = '((random() + random() + random() - 1.5) * 2)'
/** A count with mean `mean`: Poisson's normal approximation, as demo-trading.ts draws large means. */
const count = (mean) => `greatest(0, round(${mean} + sqrt(${mean}) * ${GAUSS}))::int`

/** A Shanghai day's start as SQL. */
const dayStart = (day) => `(('${day}'::date)::timestamp - interval '8 hours') at time zone 'UTC'`
const weekend = (day) => `(case when extract(isodow from '${day}'::date) in (6, 7) then ${WEEKEND} else 1 end)`

/** One day's payments and refunds of every bench merchant, up to `now`: the transactions and the ledger. */
function moneyOfDay(day, now, receivedAt) {
  const day8 = day.replaceAll('-', '')
  return `
  with drawn as materialized (
    select m.market_id, m.device_id, m.device_code, m.merchant_id, m.stall_no, m.low, m.high, g.n,
      ${dayStart(day)} + (${HOURS})[1 + floor(random() * ${TRADE_BY_HOUR.reduce((s, w) => s + Math.round(w * 100), 0)})::int] * interval '1 hour'
        + floor(random() * 3600000000) * interval '1 microsecond' as at,
      random() as method_draw, random() as size_draw, random() as refund_draw, random() as refund_minutes,
      random() as refund_part
    from bench_sql_merchants m
    cross join lateral (select ${count(`m.per_day * m.popularity * ${weekend(day)}`)} as c) k
    cross join lateral generate_series(1, k.c) g(n)
  ), paid as materialized (
    select d.*, 'S${day8}-' || lpad(d.n::text, 5, '0') as event_id,
      case when method_draw < 0.55 then 'wechat' when method_draw < 0.85 then 'alipay'
        when method_draw < 0.90 then 'unionpay' when method_draw < 0.98 then 'cash' else 'other' end as method
    from drawn d where d.at <= '${now}'::timestamptz
  ), priced as materialized (
    select p.*, case when p.method = 'cash' then greatest(50, round(y.yuan * 2) * 50)
      else greatest(10, round(y.yuan * 10) * 10) end::bigint as amount_fen
    from paid p cross join lateral (select p.low * (p.high / p.low) ^ (p.size_draw ^ 1.6) as yuan) y
  ), refunded as materialized (
    select p.*, p.at + (5 + floor(p.refund_minutes * 115)) * interval '1 minute' as refund_at,
      case when p.refund_part < 0.7 then p.amount_fen
        else greatest(10, round(p.amount_fen * (0.2 + 0.6 * random()) / 10) * 10) end::bigint as refund_fen
    from priced p where p.refund_draw < ${trading.REFUND_RATE}
  ), refunds as materialized (
    select * from refunded where refund_at <= '${now}'::timestamptz
  ), money as (
    insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen,
      payment_event_id, occurred_at, received_at)
    select market_id, device_id, merchant_id, stall_no, event_id, 'payment', method, amount_fen, null, at, '${receivedAt}'::timestamptz
    from priced
    union all
    select market_id, device_id, merchant_id, stall_no, event_id || '-R', 'refund', method, refund_fen, event_id,
      refund_at, '${receivedAt}'::timestamptz
    from refunds
    returning 1
  ), ledger as (
    insert into device_events (market_id, device_code, event_id, device_id, type, occurred_at, method, amount_fen,
      refunded_fen, received_at)
    select p.market_id, p.device_code, p.event_id, p.device_id, 'payment', p.at, p.method, p.amount_fen,
      coalesce(r.refund_fen, 0), '${receivedAt}'::timestamptz
    from priced p left join refunds r on r.market_id = p.market_id and r.device_code = p.device_code and r.event_id = p.event_id
    union all
    select market_id, device_code, event_id || '-R', device_id, 'refund', refund_at, null, null, 0, '${receivedAt}'::timestamptz
    from refunds
    returning 1
  )
  select (select count(*) from money)::int as transactions, (select count(*) from ledger)::int as ledger`
}

/** Every day's gate counts (hourly, every 10 minutes today and yesterday, 05:00–20:00) and tests, up to `now`. */
function countsAndTests(days, now, receivedAt) {
  const dayList = days
    .map(({ day, daysAgo }) => `('${day}'::date, ${daysAgo <= 1 ? 600 : 3600}, ${dayStart(day)}, ${weekend(day)})`)
    .join(', ')
  // What the device API finds plausible for the period (a draw has no upper bound).
  const most = `case when p.seconds = 600 then ${maxPassengersFor(600)} else ${maxPassengersFor(3600)} end`
  const share = (at) =>
    `(${SHARES})[1 + extract(hour from (${at}) at time zone 'Asia/Shanghai')::int] * d.weekend * s.seconds / 3600.0`
  return `
  with days(day, seconds, start, weekend) as (values ${dayList}),
  periods as materialized (
    select c.market_id, c.device_id, c.device_code, d.day, s.seconds,
      d.start + minute * interval '1 minute' as period_start,
      c.visitors * ${share("d.start + minute * interval '1 minute'")} as mean_in,
      c.visitors * ${share("d.start + (minute - 40) * interval '1 minute'")} as mean_out
    from bench_sql_counters c cross join days d cross join lateral (select d.seconds) s
    cross join lateral generate_series(300, 1199, d.seconds / 60) minute
    where d.start + (minute * 60 + d.seconds) * interval '1 second' <= '${now}'::timestamptz
  ), counted as materialized (
    select p.*, 'S' || to_char(p.day, 'YYYYMMDD') || '-' || to_char(p.period_start at time zone 'Asia/Shanghai', 'HH24MI') as event_id,
      least(${count('p.mean_in')}, ${most}) as count_in,
      least(${count('p.mean_out')}, ${most}) as count_out
    from periods p
  ), counts as (
    insert into passenger_counts (market_id, device_id, event_id, period_start, period_seconds, count_in, count_out)
    select market_id, device_id, event_id, period_start, seconds, count_in, count_out from counted
    returning 1
  ), tests_drawn as materialized (
    select t.market_id, t.device_id, t.device_code, d.day, g.i,
      t.tested_stalls, d.start + (8.5 + random() * 7) * interval '1 hour' as tested_at, random() as fail_draw, random() as pct_draw,
      random() as stall_draw, random() as produce_draw
    from bench_sql_testers t cross join days d
    -- t.tested_stalls in the count: without an outer column the series is drawn once for every market.
    cross join lateral generate_series(1, 3 + floor(random() * 4 + 0 * t.tested_stalls)::int) g(i)
    where t.tested_stalls > 0
  ), tested as materialized (
    select t.*, 'S' || to_char(t.day, 'YYYYMMDD') || '-' || t.i as event_id, s.merchant_id, s.stall_no,
      case when s.stall_no like 'B-%' then (${text(PRODUCE.B)})[1 + floor(t.produce_draw * ${PRODUCE.B.length})::int]
        else (${text(PRODUCE.A)})[1 + floor(t.produce_draw * ${PRODUCE.A.length})::int] end as produce,
      case when t.fail_draw < 0.03 then round((50.1 + t.pct_draw * 35)::numeric, 1)
        else round((2 + t.pct_draw * 40)::numeric, 1) end as inhibition_pct,
      case when t.fail_draw < 0.03 then 'fail' else 'pass' end as result
    from tests_drawn t
    cross join lateral (
      select s.merchant_id, s.stall_no from bench_sql_tested_stalls s
      where s.market_id = t.market_id and s.no = 1 + floor(t.stall_draw * t.tested_stalls)::int
    ) s
    where t.tested_at <= '${now}'::timestamptz
  ), tests as (
    insert into pesticide_tests (market_id, device_id, event_id, merchant_id, stall_no, produce, inhibition_pct, result, tested_at)
    select market_id, device_id, event_id, merchant_id, stall_no, produce, inhibition_pct, result, tested_at from tested
    returning 1
  ), ledger as (
    insert into device_events (market_id, device_code, event_id, device_id, type, occurred_at, received_at)
    select market_id, device_code, event_id, device_id, 'passenger_count', period_start, '${receivedAt}'::timestamptz from counted
    union all
    select market_id, device_code, event_id, device_id, 'pesticide_test', tested_at, '${receivedAt}'::timestamptz from tested
    returning 1
  )
  select (select count(*) from counts)::int as counts, (select count(*) from tests)::int as tests,
    (select count(*) from ledger)::int as ledger`
}

/**
 * The rollups of the bench markets over the window, summed from their rows exactly as the ingest adds
 * them (a market's figures, a merchant's money, a method's payments), then the platform's rows
 * (ALL_MARKETS) as every market's rows summed, the demo's markets included. Replaces what is there.
 */
function rollups(from, to) {
  const start = dayStart(from)
  const end = `(${dayStart(to)} + interval '1 day')`
  const bench = `market_id in (select market_id from bench_sql_testers)`
  const shanghaiDay = (at) => `((${at}) at time zone 'Asia/Shanghai')::date`
  const events = `
    select market_id, merchant_id, occurred_at as at, method,
      (type = 'payment')::int as payments, case when type = 'payment' then amount_fen else 0 end as payment_fen,
      (type = 'refund')::int as refunds, case when type = 'refund' then amount_fen else 0 end as refund_fen,
      0 as passengers_in, 0 as passengers_out, 0 as tests, 0 as tests_failed
    from transactions where ${bench} and occurred_at >= ${start} and occurred_at < ${end}
    union all
    select market_id, null, period_start, null, 0, 0, 0, 0, count_in, count_out, 0, 0
    from passenger_counts where ${bench} and period_start >= ${start} and period_start < ${end}
    union all
    select market_id, null, tested_at, null, 0, 0, 0, 0, 0, 0, 1, (result = 'fail')::int
    from pesticide_tests where ${bench} and tested_at >= ${start} and tested_at < ${end}`
  const figures = 'payments, payment_fen, refunds, refund_fen, passengers_in, passengers_out, tests, tests_failed'
  const summed = figures
    .split(', ')
    .map((name) => `sum(${name})`)
    .join(', ')
  const replace = (names) =>
    names
      .split(', ')
      .map((name) => `${name} = excluded.${name}`)
      .join(', ')
  return [
    `create unlogged table bench_sql_events as ${events}`,
    `insert into market_minute_stats (market_id, minute, ${figures})
     select market_id, date_trunc('minute', at), ${summed} from bench_sql_events group by 1, 2
     on conflict (market_id, minute) do update set ${replace(figures)}`,
    `insert into market_day_stats (market_id, day, ${figures})
     select market_id, ${shanghaiDay('at')}, ${summed} from bench_sql_events group by 1, 2
     on conflict (market_id, day) do update set ${replace(figures)}`,
    `insert into merchant_day_stats (merchant_id, market_id, day, payments, payment_fen, refunds, refund_fen)
     select merchant_id, market_id, ${shanghaiDay('at')}, sum(payments), sum(payment_fen), sum(refunds), sum(refund_fen)
     from bench_sql_events where merchant_id is not null group by 1, 2, 3
     on conflict (merchant_id, day) do update set ${replace('payments, payment_fen, refunds, refund_fen')}`,
    `insert into method_day_stats (market_id, day, method, payments, payment_fen, refunds, refund_fen)
     select market_id, ${shanghaiDay('at')}, method, sum(payments), sum(payment_fen), sum(refunds), sum(refund_fen)
     from bench_sql_events where method is not null group by 1, 2, 3
     on conflict (market_id, day, method) do update set ${replace('payments, payment_fen, refunds, refund_fen')}`,
    'drop table bench_sql_events',
    // The platform's rows: every market's summed (the ingest adds each batch to both).
    `insert into market_minute_stats (market_id, minute, ${figures})
     select '${ALL_MARKETS}', minute, ${summed} from market_minute_stats
     where market_id <> '${ALL_MARKETS}' and minute >= ${start} and minute < ${end} group by 2
     on conflict (market_id, minute) do update set ${replace(figures)}`,
    `insert into market_day_stats (market_id, day, ${figures})
     select '${ALL_MARKETS}', day, ${summed} from market_day_stats
     where market_id <> '${ALL_MARKETS}' and day between '${from}' and '${to}' group by 2
     on conflict (market_id, day) do update set ${replace(figures)}`,
    `insert into method_day_stats (market_id, day, method, payments, payment_fen, refunds, refund_fen)
     select '${ALL_MARKETS}', day, method, sum(payments), sum(payment_fen), sum(refunds), sum(refund_fen)
     from method_day_stats where market_id <> '${ALL_MARKETS}' and day between '${from}' and '${to}' group by 2, 3
     on conflict (market_id, day, method) do update set ${replace('payments, payment_fen, refunds, refund_fen')}`,
  ]
}

/**
 * Seeds the bench markets' 30 days by SQL on a database the ingest path has not traded in yet (one
 * that has is left as it is: top it up with bench/dashboard-seed.mjs). Answers what it wrote, how long
 * it took, and the nightly check's differences for the days it checked (none expected).
 */
export async function seedDashboardBenchSql(
  url,
  { transactions = Number(process.env.BENCH_TRANSACTIONS) || 10_000_000, log = console.log } = {},
) {
  const merchantsSeeded = await seedMerchantBench('postgres', { url })
  if (merchantsSeeded.skipped) return { skipped: true }
  const started = performance.now()
  const seconds = () => Math.round((performance.now() - started) / 1000)
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 })
  const run = runner(handle)
  try {
    await run(
      'create table if not exists bench_seeded (market_id uuid primary key, until timestamptz not null, per_merchant_day real not null)',
    )
    const [{ n: traded }] = await run('select count(*)::int as n from bench_seeded')
    if (traded > 0) return { seeded: false, seconds: seconds() }
    const nowMs = Date.now()
    const now = new Date(nowMs).toISOString()
    const markets = await benchMarkets(run)
    await bindDevices(handle, run, markets, nowMs)
    const merchantCount = markets.reduce((sum, market) => sum + market.merchants.length, 0)
    // The busy market: the last bench market, its month BUSY_MONTH; the others share the rest.
    const busy = markets.at(-1)
    const weekdayShare = (5 + 2 * WEEKEND) / 7
    const perMerchantMonth = DAYS * MEAN_POPULARITY * weekdayShare * (1 + trading.REFUND_RATE)
    const fresh = (transactions - BUSY_MONTH) / ((merchantCount - busy.merchants.length) * perMerchantMonth)
    const busyPerDay = BUSY_MONTH / (busy.merchants.length * perMerchantMonth)
    const days = historyDays(nowMs)
    log(
      `  SQL seed: ${markets.length} markets, ${merchantCount.toLocaleString('en')} merchants, ${fresh.toFixed(2)} payments a merchant a day (the busy market ${busy.username}: ${busyPerDay.toFixed(1)}), ${days[0].day} to ${days.at(-1).day}`,
    )
    await makeDayPartitions(handle.db, days[0].day, days.at(-1).day)
    const categories = Object.entries(SALE_YUAN)
      .map(([category, [low, high]]) => `('${category}', ${low}::float8, ${high}::float8)`)
      .join(', ')
    await run(
      'drop table if exists bench_sql_merchants, bench_sql_counters, bench_sql_testers, bench_sql_tested_stalls',
    )
    // The devices were just bound: without statistics the planner takes them for one row and loops.
    await run('analyze devices, merchants')
    // Every bench merchant with its terminal, its sale range and its popularity (one draw, all month).
    await run(`create unlogged table bench_sql_merchants as
      select m.market_id, m.id as merchant_id, d.id as device_id, d.code as device_code, m.stall_no, c.low, c.high,
        0.5 + random() * 1.1 as popularity,
        case when m.market_id = '${busy.id}' then ${busyPerDay} else ${fresh} end as per_day
      from merchants m
      join devices d on d.merchant_id = m.id and d.unbound_at is null and d.kind = 'payment_terminal' and d.code like 'BP-0399%'
      join (values ${categories}) c(category, low, high) on c.category = m.category
      where m.status = 'active'`)
    await run('analyze bench_sql_merchants')
    await run(`create unlogged table bench_sql_counters as
      select d.market_id, d.id as device_id, d.code as device_code, n.merchants * ${trading.VISITORS_PER_MERCHANT_DAY} / 2.0 as visitors
      from devices d join (select market_id, count(*) as merchants from bench_sql_merchants group by 1) n using (market_id)
      where d.unbound_at is null and d.kind = 'passenger_counter' and d.code like 'BC-0399%'`)
    await run(`create unlogged table bench_sql_tested_stalls as
      select market_id, merchant_id, stall_no, row_number() over (partition by market_id order by stall_no)::int as no
      from bench_sql_merchants where stall_no like 'A-%' or stall_no like 'B-%'`)
    await run('create index on bench_sql_tested_stalls (market_id, no)')
    await run(`create unlogged table bench_sql_testers as
      select d.market_id, d.id as device_id, d.code as device_code, coalesce(n.stalls, 0)::int as tested_stalls
      from devices d left join (select market_id, count(*) as stalls from bench_sql_tested_stalls group by 1) n using (market_id)
      where d.unbound_at is null and d.kind = 'pesticide_tester' and d.code like 'BT-0399%'`)
    let written = 0
    for (const [i, { day }] of days.entries()) {
      const [row] = await run(moneyOfDay(day, now, now))
      written += row.transactions
      if (i % 5 === 4 || i === days.length - 1)
        log(`  ${day}: ${written.toLocaleString('en')} transactions so far, ${seconds()} s`)
    }
    const [counted] = await run(countsAndTests(days, now, now))
    log(
      `  ${counted.counts.toLocaleString('en')} gate counts, ${counted.tests.toLocaleString('en')} tests, ${seconds()} s`,
    )
    for (const statement of rollups(days[0].day, days.at(-1).day)) await run(statement)
    await run(
      `insert into bench_seeded (market_id, until, per_merchant_day)
       select market_id, '${now}', max(per_day) from bench_sql_merchants group by 1 on conflict (market_id) do nothing`,
    )
    log(`  rollups written, ${seconds()} s`)
    await run('drop table bench_sql_merchants, bench_sql_counters, bench_sql_testers, bench_sql_tested_stalls')
    await run('vacuum analyze')
    log(`  vacuum analyze done, ${seconds()} s`)
    // The nightly check's own recompute, on the last whole day and the first: no figure may differ.
    const differences = []
    for (const day of [addDays(days.at(-1).day, -1), days[0].day])
      differences.push(...(await findDifferences(handle.db, day)))
    const [counts] = await run(`select (select count(*) from transactions)::int as transactions,
      (select count(*) from passenger_counts)::int as counts, (select count(*) from pesticide_tests)::int as tests`)
    return {
      seeded: true,
      seconds: seconds(),
      counts,
      markets: markets.length,
      merchantCount,
      busyMarket: busy.id,
      differences,
    }
  } finally {
    await handle.close().catch(() => {})
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.BENCH_DASHBOARD_URL || 'postgres://postgres@127.0.0.1:5432/bench_transactions'
  if (!(await ensurePostgresDatabase(url))) {
    console.log(`PostgreSQL: no server answers at ${url}; skipped`)
    process.exit(0)
  }
  const result = await seedDashboardBenchSql(url)
  if (!result.seeded) console.log(`${url}: already traded in; kept (top it up with bench/dashboard-seed.mjs)`)
  else
    console.log(
      `${url}: ${result.counts.transactions.toLocaleString('en')} transactions, ${result.counts.counts.toLocaleString('en')} gate counts, ${result.counts.tests.toLocaleString('en')} tests in ${result.seconds} s; the nightly check found ${result.differences.length} differences`,
    )
  process.exit(result.differences?.length ? 1 : 0)
}
