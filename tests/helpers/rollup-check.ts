import { sql, type SQL } from 'drizzle-orm'
import { expect } from 'vitest'
import { rowsOf, type Database } from '../../server/db/client'
import { ALL_MARKETS } from '../../server/db/schema'

/** The figure columns every market rollup table has (merchant and method tables: the money ones). */
export const ROLLUP_FIGURES = [
  'payments',
  'payment_fen',
  'refunds',
  'refund_fen',
  'passengers_in',
  'passengers_out',
  'tests',
  'tests_failed',
] as const

/**
 * Every rollup (per market and minute, market and day, merchant and day, market, day and method)
 * equal to sums the database computes from the rows themselves, and the platform's rows (ALL_MARKETS)
 * equal to the sum of the markets': each stored event counted once in each. Minutes truncated, days in
 * Asia/Shanghai by PostgreSQL's own time zone rules. Answers how many rollup rows were compared, and of
 * them how many minute and day rows (a test can tell its events spread over many).
 */
export async function expectRollupsEqualRows(db: Database): Promise<{ rows: number; minutes: number; days: number }> {
  const query = async (text: SQL) => rowsOf<Record<string, unknown>>(await db.execute(text))
  const all = `'${ALL_MARKETS}'::uuid`
  const events = sql.raw(`
    select market_id, merchant_id, occurred_at as at, type, method,
      (type = 'payment')::int as payments, case when type = 'payment' then amount_fen else 0 end as payment_fen,
      (type = 'refund')::int as refunds, case when type = 'refund' then amount_fen else 0 end as refund_fen,
      0 as passengers_in, 0 as passengers_out, 0 as tests, 0 as tests_failed
    from transactions
    union all
    select market_id, null, period_start, 'passenger_count', null, 0, 0, 0, 0, count_in, count_out, 0, 0
    from passenger_counts
    union all
    select market_id, merchant_id, tested_at, 'pesticide_test', null, 0, 0, 0, 0, 0, 0, 1, (result = 'fail')::int
    from pesticide_tests`)
  const sums = sql.raw(ROLLUP_FIGURES.map((column) => `sum(${column})::text as ${column}`).join(', '))
  const figures = sql.raw(ROLLUP_FIGURES.map((column) => `${column}::text as ${column}`).join(', '))
  const minuteKey = sql.raw(`to_char(date_trunc('minute', at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`)
  const dayKey = sql.raw(`(at at time zone 'Asia/Shanghai')::date::text`)
  const sorted = (list: unknown[]) => list.map((row) => JSON.stringify(row)).sort()
  const compared = new Map<string, number>()
  const same = (actual: unknown[], expected: unknown[], table: string) => {
    expect(sorted(actual), table).toEqual(sorted(expected))
    compared.set(table, actual.length)
  }

  same(
    await query(
      sql`select market_id::text as market, to_char(minute at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as k, ${figures} from market_minute_stats`,
    ),
    await query(sql`with e as (${events})
      select market_id::text as market, ${minuteKey} as k, ${sums} from e group by 1, 2
      union all select ${sql.raw(all)}::text, ${minuteKey}, ${sums} from e group by 2`),
    'market_minute_stats',
  )
  same(
    await query(sql`select market_id::text as market, day::text as k, ${figures} from market_day_stats`),
    await query(sql`with e as (${events})
      select market_id::text as market, ${dayKey} as k, ${sums} from e group by 1, 2
      union all select ${sql.raw(all)}::text, ${dayKey}, ${sums} from e group by 2`),
    'market_day_stats',
  )
  same(
    await query(sql`select merchant_id::text as merchant, market_id::text as market,
      day::text as k, payments::text as payments, payment_fen::text as payment_fen,
      refunds::text as refunds, refund_fen::text as refund_fen from merchant_day_stats`),
    await query(sql`with e as (${events})
      select merchant_id::text as merchant, market_id::text as market, ${dayKey} as k,
        sum(payments)::text as payments, sum(payment_fen)::text as payment_fen,
        sum(refunds)::text as refunds, sum(refund_fen)::text as refund_fen
      from e where merchant_id is not null and type in ('payment', 'refund') group by 1, 2, 3`),
    'merchant_day_stats',
  )
  same(
    await query(sql`select market_id::text as market, day::text as k, method,
      payments::text as payments, payment_fen::text as payment_fen from method_day_stats`),
    await query(sql`with e as (${events})
      select market_id::text as market, ${dayKey} as k, method, count(*)::text as payments, sum(payment_fen)::text as payment_fen
        from e where type = 'payment' group by 1, 2, 3
      union all select ${sql.raw(all)}::text, ${dayKey}, method, count(*)::text, sum(payment_fen)::text
        from e where type = 'payment' group by 2, 3`),
    'method_day_stats',
  )
  const minutes = compared.get('market_minute_stats') ?? 0
  const days = compared.get('market_day_stats') ?? 0
  return { rows: [...compared.values()].reduce((sum, n) => sum + n, 0), minutes, days }
}
