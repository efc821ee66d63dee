import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { ONLINE_WINDOW_MS } from '../../contract/device-list'
import { SYSTEM_MARKETS, type System } from '../../contract/system'
import { minuteStart } from '../../contract/time'
import { rowsOf, type ReadDatabase } from '../db/client'
import { ALL_MARKETS, marketMinuteStats } from '../db/schema'

/** The System page's platform figures (issue 23 §2): the rollups and the devices, never a scan of events. */

const MINUTE_MS = 60_000
const HOUR_MINUTES = 60

type Platform = System['platform']

/**
 * Payments, refunds and tests per minute over the last hour, every minute present, from the
 * platform's minute rollup (ALL_MARKETS): at most 60 rows. Minutes are those the events happened in (a
 * device's backlog lands in its own minutes); passenger counts are kept as people, not reports, so
 * they are not events here.
 */
export async function ingestMinutes(db: ReadDatabase, now: Date): Promise<Platform['ingest']> {
  const last = minuteStart(now).getTime()
  const first = new Date(last - (HOUR_MINUTES - 1) * MINUTE_MS)
  const rows = await db
    .select({
      minute: marketMinuteStats.minute,
      payments: marketMinuteStats.payments,
      refunds: marketMinuteStats.refunds,
      tests: marketMinuteStats.tests,
    })
    .from(marketMinuteStats)
    .where(
      and(
        eq(marketMinuteStats.marketId, ALL_MARKETS),
        gte(marketMinuteStats.minute, first),
        lt(marketMinuteStats.minute, new Date(last + MINUTE_MS)),
      ),
    )
  const byMinute = new Map(rows.map((row) => [new Date(row.minute).getTime(), row]))
  return Array.from({ length: HOUR_MINUTES }, (_, index) => {
    const at = first.getTime() + index * MINUTE_MS
    const row = byMinute.get(at)
    return {
      minute: new Date(at).toISOString(),
      payments: Number(row?.payments ?? 0),
      refunds: Number(row?.refunds ?? 0),
      tests: Number(row?.tests ?? 0),
    }
  })
}

/**
 * Bound devices and those seen within the online window (as the Workplace counts them), for the
 * platform and for the markets with the most offline: one pass over the bound devices, grouped by
 * market, the totals summed over the groups.
 */
export async function deviceFigures(db: ReadDatabase, now: Date): Promise<Pick<Platform, 'devices' | 'markets'>> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString()
  const rows = rowsOf<{
    market_id: string
    market_name: string
    bound: number
    online: number
    all_bound: number
    all_online: number
  }>(
    await db.execute(sql`
      with per_market as (
        select market_id, count(*)::int as bound,
          (count(*) filter (where last_seen_at > ${since}::timestamptz))::int as online
        from devices where unbound_at is null group by market_id
      ), totals as (
        select coalesce(sum(bound), 0)::int as all_bound, coalesce(sum(online), 0)::int as all_online from per_market
      )
      select p.market_id, m.name as market_name, p.bound, p.online, t.all_bound, t.all_online
      from totals t
      left join per_market p on true
      left join markets m on m.id = p.market_id
      order by p.bound - p.online desc, p.bound desc, m.name, p.market_id
      limit ${SYSTEM_MARKETS}`),
  )
  const totals = rows[0]
  return {
    devices: { bound: Number(totals?.all_bound ?? 0), online: Number(totals?.all_online ?? 0) },
    markets: rows
      .filter((row) => row.market_id !== null)
      .map((row) => ({
        marketId: row.market_id,
        marketName: row.market_name ?? '',
        bound: Number(row.bound),
        online: Number(row.online),
        offline: Number(row.bound) - Number(row.online),
      })),
  }
}
