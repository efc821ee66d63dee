import { and, eq, gte, lte, sql, sum, type SQL } from 'drizzle-orm'
import { TRANSACTION_COUNT_CAP } from '../../contract/transactions'
import type { TransactionFilters } from '../../contract/transactions-list'
import { addDays, shanghaiDayOf } from '../../contract/time'
import type { Database, ReadDatabase } from '../db/client'
import { ALL_MARKETS, marketDayStats, merchantDayStats, methodDayStats, transactions } from '../db/schema'
import type { KeptAnswers, KeptFor } from '../lib/kept-answers'
import { allOf, cappedCount } from '../lib/list-query'
import { inScope, type MarketScope } from '../lib/scope'
import { daysOf, filterWhere } from './filters'

/** The transactions list's totals (issue 25 §1): exact from the rollups where they answer, else counted up to the cap. */

type Reader = Pick<Database, 'select'> | ReadDatabase
type Days = { from: string; to: string }

/**
 * The total from the day rollups, when they answer the filters exactly: the days and the market (the
 * market's day rows, or the platform's for all markets), a kind, one merchant (its day rows), or one
 * method (its day rows, refunds by their payment's method since migration 0024). Null when a filter
 * needs the rows themselves (a merchant's method among them: no rollup keeps both).
 */
export async function rollupTotal(db: Reader, scope: MarketScope, filters: TransactionFilters, now: Date) {
  const { merchant, device, stall, method, kind, amountMin, amountMax, q } = filters
  if (device || stall || q || amountMin !== undefined || amountMax !== undefined) return null
  const { from, to } = daysOf(filters, now)
  const pick = (row: { payments: unknown; refunds: unknown } | undefined) =>
    Number(kind === 'refund' ? 0 : (row?.payments ?? 0)) + Number(kind === 'payment' ? 0 : (row?.refunds ?? 0))
  if (method) {
    if (merchant) return null
    const [row] = await db
      .select({ payments: sum(methodDayStats.payments), refunds: sum(methodDayStats.refunds) })
      .from(methodDayStats)
      .where(
        and(
          eq(methodDayStats.marketId, scope ?? ALL_MARKETS),
          eq(methodDayStats.method, method),
          gte(methodDayStats.day, from),
          lte(methodDayStats.day, to),
        ),
      )
    return pick(row)
  }
  if (merchant) {
    const [row] = await db
      .select({ payments: sum(merchantDayStats.payments), refunds: sum(merchantDayStats.refunds) })
      .from(merchantDayStats)
      .where(
        allOf(
          eq(merchantDayStats.merchantId, merchant),
          inScope(merchantDayStats.marketId, scope),
          gte(merchantDayStats.day, from),
          lte(merchantDayStats.day, to),
        ),
      )
    return pick(row)
  }
  const [row] = await db
    .select({ payments: sum(marketDayStats.payments), refunds: sum(marketDayStats.refunds) })
    .from(marketDayStats)
    .where(
      and(
        eq(marketDayStats.marketId, scope ?? ALL_MARKETS),
        gte(marketDayStats.day, from),
        lte(marketDayStats.day, to),
      ),
    )
  return pick(row)
}

export type Total = { total: number; totalCapped: boolean }

/** The rows the filters match in `days`, counted up to the cap. */
const rowsCounted = (db: Reader, where: SQL | undefined): Promise<Total> =>
  cappedCount(
    db,
    db
      .select({ one: sql`1` })
      .from(transactions)
      .where(where)
      .$dynamic(),
    TRANSACTION_COUNT_CAP,
  )

/**
 * How long the count of the days before today serves: those days change only when a device sends a
 * backlog late (each day part of a month planned and read again on every first page cost an amount
 * range ~5 ms of the database's time, the list's slowest filter at 10 million).
 */
const PAST_DAYS_KEPT: KeptFor = { freshMs: 300_000, staleMs: 300_000 }

/**
 * The rows the filters match, counted up to the cap (what the rollups cannot answer): the days before
 * today from a count kept for PAST_DAYS_KEPT, today's (and any later day's) counted afresh.
 */
export async function countedTotal(
  { db, keptAnswers }: { db: Reader; keptAnswers: KeptAnswers },
  scope: MarketScope,
  filters: TransactionFilters,
  range: Days,
  now: Date,
): Promise<Total> {
  const today = shanghaiDayOf(now)
  const count = (days: Days) => rowsCounted(db, filterWhere(scope, { ...filters, ...days }, now))
  if (range.from >= today) return count(range)
  const past = { from: range.from, to: range.to < today ? range.to : addDays(today, -1) }
  const before = await keptAnswers.get(countKey(scope, filters, past, 'past days'), now.getTime(), PAST_DAYS_KEPT, () =>
    count(past),
  )
  if (range.to < today || before.totalCapped) return before
  const recent = await count({ from: today, to: range.to })
  const total = before.total + recent.total
  return recent.totalCapped || total > TRANSACTION_COUNT_CAP
    ? { total: TRANSACTION_COUNT_CAP, totalCapped: true }
    : { total, totalCapped: false }
}

/**
 * How long a count of the filters serves their cursor pages: paging through a filter the rollups cannot
 * answer counts it once (up to 10,000 rows read over every day part of the range), not on every page.
 * The first page counts afresh (today's rows; the days before from PAST_DAYS_KEPT), so a total shown
 * on a page turned to is never older than this.
 */
export const COUNT_KEPT: KeptFor = { freshMs: 30_000, staleMs: 30_000 }

/** What a count depends on: the scope, the filters and the days (not the position, the order or the page size). */
export function countKey(scope: MarketScope, filters: TransactionFilters, range: Days, part = 'range') {
  const { merchant, device, stall, method, kind, amountMin, amountMax, q } = filters
  return `transactions ${part} ${JSON.stringify([scope ?? null, range.from, range.to, merchant, device, stall, method, kind, amountMin, amountMax, q])}`
}
