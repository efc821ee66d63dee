// GET /api/complaints over 100,000 complaints in 100 markets and the demo's, against the server (the
// build, or the source with BENCH_FROM_SOURCE=1), on a PostgreSQL database of its own
// (bench_complaints; seeded the first time, or again with BENCH_RESEED=1): no filter, deep pages, one
// market, a state, overdue, a category, text and a number, as OFFICIAL and as MARKET.
// Budget (issue 26 §2): p95 <= 30 ms on PostgreSQL (one connection; ten reported beside it).
//   node bench/complaints-list.mjs        BENCH_DURATION=5 seconds a line
import { measureListLines } from './measure.mjs'
import { runListBench } from './list-bench.mjs'

const PORT = 3928
const BUDGET_MS = 30
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const ROWS = 100_000
const MARKETS = 100
const url = process.env.BENCH_COMPLAINTS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_complaints'

/**
 * A year of complaints, one every five minutes, over 100 bench markets and the demo's (a MARKET caller's
 * share is one in 101): most resolved, one in twenty new, one in ten being handled (of those still open,
 * those past the 7-day deadline are overdue), a few withdrawn; the demo market's against its merchants.
 */
async function seed(sql) {
  const [{ n }] = await sql`select count(*)::int as n from complaints`
  if (n >= ROWS) return n
  console.log(`Seeding ${ROWS.toLocaleString('en')} complaints (once; BENCH_RESEED=1 to start over)…`)
  const started = Date.now()
  await sql`insert into markets (name) select 'Bench complaints market ' || i from generate_series(1, ${MARKETS}) as i
    where not exists (select 1 from markets where name like 'Bench complaints market %')`
  await sql.unsafe(`
    with m as (
           select array_agg(id order by id) as ids from markets
           where name like 'Bench complaints market %' or id = (select market_id from users where username = '0314888')),
         demo as (select market_id as id from users where username = '0314888'),
         dm as (select array_agg(id order by stall_no) as ids from merchants where market_id = (select id from demo)),
         u as (select uk from users where username = '0314888')
    insert into complaints (market_id, no, channel, category, merchant_id, stall_no, description,
      complainant_name, complainant_contact, state, outcome, remedies, received_at, due_at, closed_at, registered_by)
    select c.market_id, 1000 + i / array_length(m.ids, 1),
           (array['phone', 'in_person', 'online'])[1 + i % 3],
           (array['short_weight', 'quality', 'price', 'hygiene', 'attitude', 'other'])[1 + i % 6],
           case when c.market_id = (select id from demo) then dm.ids[1 + i % array_length(dm.ids, 1)] end,
           'S-' || (i % 300),
           (array['买了两斤青菜回家称只有一斤六两', '西红柿有一半是烂的', '标价和结账价不一样', '地面积水有异味', '摊主态度不好'])[1 + i % 5],
           '王秀英', '13812345678',
           s.state,
           case when s.state = 'resolved' then (array['upheld', 'partly_upheld', 'not_upheld'])[1 + i % 3] end,
           case when s.state = 'resolved' and i % 3 < 2 then '["refund"]'::jsonb else '[]'::jsonb end,
           now() - i * interval '5 minutes',
           now() - i * interval '5 minutes' + interval '7 days',
           case when s.state in ('resolved', 'withdrawn') then now() - i * interval '5 minutes' + interval '2 days' end,
           u.uk
    from generate_series(1, ${ROWS}) as i, m, dm, u,
    lateral (select m.ids[1 + i % array_length(m.ids, 1)] as market_id) as c,
    lateral (select case when i % 20 = 0 then 'received' when i % 20 in (1, 2) then 'handling'
                         when i % 20 = 3 then 'withdrawn' else 'resolved' end as state) as s`)
  await sql`update markets set complaint_seq = coalesce((select max(no) from complaints where complaints.market_id = markets.id), complaint_seq)`
  await sql`vacuum analyze complaints`
  await sql`vacuum analyze markets`
  console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`)
  return ROWS
}

await runListBench({
  url,
  port: PORT,
  seed,
  measure: async ({ base, sql, rows, official, operator, market }) => {
    const [{ no }] = await sql`select no from complaints where market_id = ${market} order by no desc limit 1`
    const scenarios = [
      ['OFFICIAL', official, 'no filter', {}],
      ['OFFICIAL', official, 'no filter · page 200', { page: 200 }],
      ['OFFICIAL', official, 'one market', { market }],
      ['OFFICIAL', official, 'handling', { state: 'handling' }],
      ['OFFICIAL', official, 'overdue', { overdue: 'yes' }],
      ['OFFICIAL', official, 'a category · oldest due first', { category: 'hygiene', sort: 'dueAt', order: 'asc' }],
      ['OFFICIAL', official, 'text (青菜)', { q: '青菜' }],
      ['MARKET', operator, 'no filter', {}],
      ['MARKET', operator, 'overdue', { overdue: 'yes' }],
      ['MARKET', operator, 'received', { state: 'received' }],
      ['MARKET', operator, `a number (#${no})`, { q: `#${no}` }],
      ['MARKET', operator, 'text (态度)', { q: '态度' }],
    ]
    console.log(
      `GET /api/complaints, ${rows.toLocaleString('en')} complaints in ${MARKETS + 1} markets (PostgreSQL, ${DURATION} s a line; budget p95 <= ${BUDGET_MS} ms with one connection)`,
    )
    return measureListLines({
      base,
      path: '/api/complaints',
      scenarios,
      budgetMs: BUDGET_MS,
      duration: DURATION,
      judged: [1],
    })
  },
})
