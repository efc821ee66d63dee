import { eq, gte, lte, sql, type AnyColumn } from 'drizzle-orm'
import type { TransactionFilters } from '../../contract/transactions-list'
import { shanghaiDayOf } from '../../contract/time'
import { transactions } from '../db/schema'
import { allOf, withinDays } from '../lib/list-query'
import type { MarketScope } from '../lib/scope'
import { inline, type Bind } from '../lib/shaped-statements'

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

/**
 * The filters' conditions, each value through `bind` (server/lib/shaped-statements.ts): inline for a
 * count or a total, placeholders for the page's kept statement. The kind stays a literal (above).
 */
export function filterWhere(scope: MarketScope, filters: TransactionFilters, now: Date, bind: Bind = inline) {
  const { merchant, device, stall, method, kind, amountMin, amountMax, q } = filters
  const is = (name: string, value: unknown, column: AnyColumn) => eq(column, bind(name, value, column))
  return allOf(
    scope === null ? undefined : is('market', scope, transactions.marketId),
    withinDays(transactions.occurredAt, daysOf(filters, now), bind, 'range'),
    merchant ? is('merchant', merchant, transactions.merchantId) : undefined,
    device ? is('device', device, transactions.deviceId) : undefined,
    stall ? is('stall', stall, transactions.stallNo) : undefined,
    method ? is('method', method, transactions.method) : undefined,
    kind ? KIND_IS[kind] : undefined,
    amountMin !== undefined
      ? gte(transactions.amountFen, bind('amountMin', amountMin, transactions.amountFen))
      : undefined,
    amountMax !== undefined
      ? lte(transactions.amountFen, bind('amountMax', amountMax, transactions.amountFen))
      : undefined,
    q ? is('eventId', q, transactions.eventId) : undefined,
  )
}
