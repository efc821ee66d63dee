// Bytes per stored row, table and indexes together, for the capacity table in docs/operations.md
// (Scaling out): a fresh PostgreSQL database, migrated, filled with rows shaped as ingest writes them
// (uuid ids, 24-character event ids, one day's partition), vacuumed, then pg_total_relation_size / rows.
//   node bench/row-sizes.mjs        BENCH_ROWS=200000 rows of each device table
// The database (BENCH_SIZES_DATABASE_URL, default .../bench_row_sizes) is made afresh and dropped at the end.
import postgres from 'postgres'
import { register } from 'tsx/esm/api'
import { ensurePostgresDatabase } from './merchants-seed.mjs'

register()
const { openDatabase } = await import('../server/db/client.ts')
const { makeDayPartitions } = await import('../server/device-api/partitions.ts')

const url = process.env.BENCH_SIZES_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_row_sizes'
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000)
const DAY = '2026-11-20'
/** Markets and merchants the rows spread over (rollup rows are one per market-minute, merchant-day, …). */
const MARKETS = 100
const MERCHANTS_PER_MARKET = 180

if (!(await ensurePostgresDatabase(url, { fresh: true }))) throw new Error(`no PostgreSQL at ${url}`)
const handle = await openDatabase({ kind: 'postgres', url })
await handle.migrate()
await makeDayPartitions(handle.db, DAY, DAY)
await handle.close()

const sql = postgres(url, { max: 1, onnotice: () => {} })
// Markets, merchants and devices by number: md5-made uuids, so every table names the same ones.
const uuidOf = (kind, n) => `md5('${kind}' || ${n})::uuid`
const at = `'${DAY}T00:00:00+08'::timestamptz + (i % 86400) * interval '1 second'`
const market = uuidOf('market', `(i % ${MARKETS})`)
const merchant = uuidOf('merchant', `(i % ${MARKETS * MERCHANTS_PER_MARKET})`)
const eventId = `lpad(to_hex(i), 24, 'T0000-')`
await sql.unsafe(`
  insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at)
  select ${market}, ${merchant}, ${merchant}, 'A-' || (i % 200), ${eventId}, 'payment', 'wechat', 100 + i % 50000, ${at}
  from generate_series(1, ${ROWS}) i`)
await sql.unsafe(`
  insert into device_events (device_id, event_id, market_id, device_code, type, occurred_at, method, amount_fen)
  select ${merchant}, ${eventId}, ${market}, 'T' || lpad((i % ${MARKETS * MERCHANTS_PER_MARKET})::text, 9, '0'), 'payment', ${at}, 'wechat', 100 + i % 50000
  from generate_series(1, ${ROWS}) i`)
await sql.unsafe(`
  insert into passenger_counts (market_id, device_id, event_id, period_start, period_seconds, count_in, count_out)
  select ${market}, ${merchant}, ${eventId}, ${at}, 60, i % 40, i % 37
  from generate_series(1, ${ROWS}) i`)
await sql.unsafe(`
  insert into market_minute_stats (market_id, minute, payments, payment_fen, passengers_in, passengers_out)
  select ${market}, '${DAY}T00:00:00+08'::timestamptz + (i / ${MARKETS}) * interval '1 minute', 3, 4500, 20, 18
  from generate_series(0, ${ROWS} - 1) i`)
await sql.unsafe(`
  insert into merchant_day_stats (merchant_id, market_id, day, payments, payment_fen)
  select ${merchant}, ${market}, '${DAY}'::date + i / ${MARKETS * MERCHANTS_PER_MARKET}, 150, 450000
  from generate_series(0, ${ROWS} - 1) i`)
await sql.unsafe(
  `vacuum analyze transactions, device_events, passenger_counts, market_minute_stats, merchant_day_stats`,
)

const tables = {
  transactions: `transactions_${DAY.replaceAll('-', '')}`,
  device_events: 'device_events',
  passenger_counts: `passenger_counts_${DAY.replaceAll('-', '')}`,
  market_minute_stats: 'market_minute_stats',
  merchant_day_stats: 'merchant_day_stats',
}
console.log(`bytes per row, table + indexes (${ROWS.toLocaleString('en')} rows each, PostgreSQL, after VACUUM):`)
for (const [table, relation] of Object.entries(tables)) {
  const [row] = await sql`select pg_total_relation_size(${relation}::regclass)::bigint as total,
    pg_relation_size(${relation}::regclass)::bigint as heap, count(*)::bigint as n from ${sql(relation)}`
  const n = Number(row.n)
  console.log(
    `  ${table.padEnd(20)} ${Math.round(Number(row.total) / n)
      .toString()
      .padStart(
        4,
      )} B (heap ${Math.round(Number(row.heap) / n)} B, indexes ${Math.round((Number(row.total) - Number(row.heap)) / n)} B)`,
  )
}
await sql.end()
const admin = new URL(url)
admin.pathname = '/postgres'
const drop = postgres(admin.toString(), { max: 1, onnotice: () => {} })
await drop.unsafe(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`)
await drop.end()
