import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { rowsOf, type Database } from '../../server/db/client'
import { findDifferences, type Difference } from '../../server/statements/nightly-check'

/** The rollup table a difference is in (what a failing test names). */
const TABLES: Record<Difference['where']['kind'], string> = {
  market: 'market_day_stats',
  merchant: 'merchant_day_stats',
  method: 'method_day_stats',
  minute: 'market_minute_stats',
}

/**
 * Every rollup (per market and minute, market and day, merchant and day, market, day and method)
 * equal to sums the database computes from the rows themselves, and the platform's rows (ALL_MARKETS)
 * equal to the sum of the markets': each stored event counted once in each. The comparison is the
 * nightly check's own (server/statements/nightly-check.ts `findDifferences`), run for every Shanghai
 * day that has rows or rollups, so the check the server runs is the one the tests trust. Answers how
 * many rollup rows there are, and of them how many minute and day rows (a test can tell its events
 * spread over many).
 */
export async function expectRollupsEqualRows(db: Database): Promise<{ rows: number; minutes: number; days: number }> {
  const dayOf = (column: string) => `(${column} at time zone 'Asia/Shanghai')::date::text`
  const days = rowsOf<{ day: string }>(
    await db.execute(
      sql.raw(`select ${dayOf('occurred_at')} as day from transactions
        union select ${dayOf('period_start')} from passenger_counts
        union select ${dayOf('tested_at')} from pesticide_tests
        union select ${dayOf('minute')} from market_minute_stats
        union select day::text from market_day_stats
        union select day::text from merchant_day_stats
        union select day::text from method_day_stats`),
    ),
  ).map((row) => row.day)
  const differences: string[] = []
  for (const day of days.sort())
    for (const difference of await findDifferences(db, day))
      differences.push(`${day} ${TABLES[difference.where.kind]} ${JSON.stringify(difference)}`)
  expect(differences, differences.join('\n')).toEqual([])
  const [counts] = rowsOf<{ minutes: string; days: string; merchants: string; methods: string }>(
    await db.execute(sql`select (select count(*) from market_minute_stats)::text as minutes,
      (select count(*) from market_day_stats)::text as days,
      (select count(*) from merchant_day_stats)::text as merchants,
      (select count(*) from method_day_stats)::text as methods`),
  )
  const [minutes, dayRows, merchants, methods] = [
    counts!.minutes,
    counts!.days,
    counts!.merchants,
    counts!.methods,
  ].map(Number)
  return { rows: minutes! + dayRows! + merchants! + methods!, minutes: minutes!, days: dayRows! }
}
