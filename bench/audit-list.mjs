// GET /api/audit over 1,000,000 audit rows in 1,000 markets, against the server (the build, or the
// source with BENCH_FROM_SOURCE=1), on a PostgreSQL database of its own (bench_audit; seeded the first
// time, or again with BENCH_RESEED=1): no filter, one market, one action, a date range, a record, as
// OFFICIAL and as MARKET.
// Budget (issue 23): p95 <= 30 ms on PostgreSQL, one connection and ten.
//   node bench/audit-list.mjs        BENCH_DURATION=5 seconds a line
import { measureListLines } from './measure.mjs'
import { runListBench } from './list-bench.mjs'

const PORT = 3927
const BUDGET_MS = 30
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const ROWS = 1_000_000
const MARKETS = 1_000
const url = process.env.BENCH_AUDIT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_audit'

/**
 * A million entries over the past year: 2% of no market (OFFICIALs' own accounts), the rest spread over
 * the demo's markets and 1,000 more; the areas and actions as a platform would see them (edits most,
 * a cleared lockout rare); each on one of 50,000 records; by the demo's accounts.
 */
async function seed(sql) {
  const [{ n }] = await sql`select count(*)::int as n from audit_log`
  if (n >= ROWS) return n
  console.log(`Seeding ${ROWS.toLocaleString('en')} audit rows (once; BENCH_RESEED=1 to start over)…`)
  const started = Date.now()
  await sql`insert into markets (name) select 'Bench market ' || i from generate_series(1, ${MARKETS}) as i
    where not exists (select 1 from markets where name like 'Bench market %')`
  await sql.unsafe(`
    with m as (select array_agg(id order by id) as ids from markets),
         u as (select array_agg(uk order by uk) as uks from users where role in (1, 51)),
         r as (select array_agg(gen_random_uuid()::text) as ids from generate_series(1, 50000))
    insert into audit_log (actor_uk, action, entity, entity_id, market_id, changes, created_at)
    select u.uks[1 + (i % array_length(u.uks, 1))],
           a.action, a.area,
           case when a.area = 'market' then m.ids[1 + (i % array_length(m.ids, 1))]::text
                else r.ids[1 + (i::bigint * 7919 % 50000)::int] end,
           case when i % 50 = 0 then null else m.ids[1 + (i % array_length(m.ids, 1))] end,
           '{"phone": {"before": "13900000000", "after": "13911111111"}}'::jsonb,
           now() - (i * interval '31 seconds')
    from generate_series(1, ${ROWS}) as i, m, u, r,
    lateral (select case
      when i % 100 = 0 then 'lockout_cleared' when i % 10 < 5 then 'edit' when i % 10 = 5 then 'register'
      when i % 10 = 6 then 'bind' when i % 10 = 7 then 'unbind' when i % 10 = 8 then 'password_reset'
      else 'freeze' end as action,
      case when i % 10 in (6, 7) then 'device' when i % 10 = 8 then 'account'
           when i % 4 = 0 then 'market' else 'merchant' end as area) as a`)
  await sql`vacuum analyze audit_log`
  await sql`vacuum analyze markets`
  console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`)
  return ROWS
}

await runListBench({
  url,
  port: PORT,
  seed,
  measure: async ({ base, sql, rows, official, operator, market }) => {
    const [{ id: record }] = await sql`select entity_id as id from audit_log where entity = 'merchant' limit 1`
    const [{ id: ownRecord }] =
      await sql`select entity_id as id from audit_log where market_id = ${market} and entity = 'merchant' limit 1`
    const week = { from: '2026-06-01', to: '2026-06-07' }
    const scenarios = [
      ['OFFICIAL', official, 'no filter', {}],
      ['OFFICIAL', official, 'no filter · page 500', { page: 500 }],
      ['OFFICIAL', official, 'one market', { market }],
      ['OFFICIAL', official, 'one action (edit)', { action: 'edit' }],
      ['OFFICIAL', official, 'one action (lockout_cleared, 1%)', { action: 'lockout_cleared' }],
      ['OFFICIAL', official, 'a week', week],
      ['OFFICIAL', official, 'one market · a week', { market, ...week }],
      ['OFFICIAL', official, 'a record', { record }],
      ['MARKET', operator, 'no filter', {}],
      ['MARKET', operator, 'one action (lockout_cleared)', { action: 'lockout_cleared' }],
      ['MARKET', operator, 'a week', week],
      ['MARKET', operator, 'a record', { record: ownRecord }],
    ]
    console.log(
      `GET /api/audit, ${rows.toLocaleString('en')} audit rows in ${MARKETS.toLocaleString('en')}+ markets (PostgreSQL, ${DURATION} s a line; budget p95 <= ${BUDGET_MS} ms)`,
    )
    return measureListLines({ base, path: '/api/audit', scenarios, budgetMs: BUDGET_MS, duration: DURATION })
  },
})
