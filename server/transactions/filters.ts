import { eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { TransactionFilters } from '../../contract/transactions-list'
import { shanghaiDayOf } from '../../contract/time'
import { transactions } from '../db/schema'
import { allOf, withinDays } from '../lib/list-query'
import { inScope, type MarketScope } from '../lib/scope'

/** The transactions list's filters as SQL (issue 25 §1), shared by its page, its totals and its export. */

/** The days a query reads: both ends given, today when neither is, one end standing for both otherwise. */
export function daysOf({ from, to }: Pick<TransactionFilters, 'from' | 'to'>, now: Date) {
  const today = shanghaiDayOf(now)
  return { from: from ?? to ?? today, to: to ?? from ?? today }
}

/**
 * A kind as a literal, not a parameter: a prepared statement's generic plan cannot prove `type = $1`
 * implies the refunds index's predicate (`type = 'refund'`, migration 0025), so it would read every row
 * of the days in time order and test each. Each kind has its own statement text, so its own plan.
 */
const KIND_IS = {
  payment: sql`${transactions.type} = 'payment'`,
  refund: sql`${transactions.type} = 'refund'`,
} as const

export function filterWhere(scope: MarketScope, filters: TransactionFilters, now: Date): SQL | undefined {
  const { merchant, device, stall, method, kind, amountMin, amountMax, q } = filters
  return allOf(
    inScope(transactions.marketId, scope),
    withinDays(transactions.occurredAt, daysOf(filters, now)),
    merchant ? eq(transactions.merchantId, merchant) : undefined,
    device ? eq(transactions.deviceId, device) : undefined,
    stall ? eq(transactions.stallNo, stall) : undefined,
    method ? eq(transactions.method, method) : undefined,
    kind ? KIND_IS[kind] : undefined,
    amountMin !== undefined ? gte(transactions.amountFen, amountMin) : undefined,
    amountMax !== undefined ? lte(transactions.amountFen, amountMax) : undefined,
    q ? eq(transactions.eventId, q) : undefined,
  )
}
