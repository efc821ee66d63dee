import { inArray, sql } from 'drizzle-orm'
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/device-api'
import type { MethodFigures, StatementFigures } from '../../contract/statements'
import { addDays, shanghaiDayStart } from '../../contract/time'
import { rowsOf, type ReadDatabase, type Transaction } from '../db/client'
import { ALL_MARKETS, marketDayStats, markets, merchants, transactions } from '../db/schema'

/**
 * The statements' reads (issue 25 §2). A market's totals are the dashboard's own figures: the sums of
 * market_day_stats over the days, the rows /api/dashboard/today and /daily read. What each merchant
 * took, by method, is summed from the transactions themselves (no rollup keeps merchant × method),
 * in the same snapshot (one REPEATABLE READ transaction), so the merchants' rows add up to the totals
 * whenever the rollups are right, and the nightly check (./nightly-check.ts) says when they are not.
 */

type Reader = Pick<Transaction, 'select' | 'execute'>
const num = (value: unknown) => Number(value ?? 0)

/** Reads in one snapshot: every statement of `read` sees the same committed rows. */
export function inSnapshot<T>(db: ReadDatabase, read: (tx: Reader) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`)
    return read(tx)
  })
}

/** [start, end) of the Shanghai days from `from` to `to`, both included. */
const rangeInstants = (from: string, to: string) => ({
  start: shanghaiDayStart(from),
  end: shanghaiDayStart(addDays(to, 1)),
})

const zero = (): StatementFigures => ({ payments: 0, paymentFen: 0, refunds: 0, refundFen: 0, netFen: 0 })

/** Figures with their split by method, summed as rows come. */
export class SplitSum {
  readonly figures = zero()
  private readonly byMethod = new Map<PaymentMethod, StatementFigures>()

  add(method: string, type: string, count: number, fen: number): void {
    const known = (PAYMENT_METHODS as readonly string[]).includes(method) ? (method as PaymentMethod) : 'other'
    let split = this.byMethod.get(known)
    if (!split) this.byMethod.set(known, (split = zero()))
    for (const target of [this.figures, split]) {
      if (type === 'payment') {
        target.payments += count
        target.paymentFen += fen
        target.netFen += fen
      } else {
        target.refunds += count
        target.refundFen += fen
        target.netFen -= fen
      }
    }
  }

  /** The methods that traded, in the contract's order. */
  methods(): MethodFigures[] {
    return PAYMENT_METHODS.flatMap((method) => {
      const split = this.byMethod.get(method)
      return split ? [{ method, ...split }] : []
    })
  }
}

export async function marketName(db: Reader, marketId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: markets.name })
    .from(markets)
    .where(sql`${markets.id} = ${marketId}`)
  return row?.name ?? null
}

/** A rollup's market figures over the days (`ALL_MARKETS`: the platform's), summed as the dashboard sums them. */
export async function rollupTotals(db: Reader, marketId: string, from: string, to: string): Promise<StatementFigures> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select coalesce(sum(payments), 0)::float8 as payments, coalesce(sum(payment_fen), 0)::float8 as payment_fen,
        coalesce(sum(refunds), 0)::float8 as refunds, coalesce(sum(refund_fen), 0)::float8 as refund_fen
      from ${marketDayStats} where market_id = ${marketId} and day >= ${from} and day <= ${to}`),
  )
  const paymentFen = num(row?.payment_fen)
  const refundFen = num(row?.refund_fen)
  return {
    payments: num(row?.payments),
    paymentFen,
    refunds: num(row?.refunds),
    refundFen,
    netFen: paymentFen - refundFen,
  }
}

type MerchantSums = { merchantId: string | null; merchantName: string; stallNo: string; sums: SplitSum }

/**
 * What each merchant of the market took over the range, by method: the market's transactions grouped
 * by merchant, method and kind (an index range on (market_id, occurred_at), a few hundred rows a day).
 * Payments at a stall no merchant was bound to are kept apart by stall, merchant null.
 */
export async function merchantSums(db: Reader, marketId: string, from: string, to: string): Promise<MerchantSums[]> {
  const { start, end } = rangeInstants(from, to)
  const rows = rowsOf<{
    merchant_id: string | null
    stall_no: string | null
    method: string
    type: string
    n: number | string
    fen: number | string
  }>(
    await db.execute(sql`
      select merchant_id::text as merchant_id, case when merchant_id is null then stall_no end as stall_no,
        method, type, count(*)::float8 as n, sum(amount_fen)::float8 as fen
      from ${transactions}
      where market_id = ${marketId} and occurred_at >= ${start.toISOString()}::timestamptz
        and occurred_at < ${end.toISOString()}::timestamptz
      group by 1, 2, 3, 4`),
  )
  const ids = [...new Set(rows.flatMap((row) => (row.merchant_id ? [row.merchant_id] : [])))]
  const named =
    ids.length === 0
      ? []
      : await db
          .select({ id: merchants.id, name: merchants.name, stallNo: merchants.stallNo })
          .from(merchants)
          .where(inArray(merchants.id, ids))
  const names = new Map(named.map((row) => [row.id, row]))
  const byKey = new Map<string, MerchantSums>()
  for (const row of rows) {
    const key = row.merchant_id ?? `stall:${row.stall_no ?? ''}`
    let entry = byKey.get(key)
    if (!entry) {
      const merchant = row.merchant_id ? names.get(row.merchant_id) : undefined
      entry = {
        merchantId: row.merchant_id,
        merchantName: merchant?.name ?? '',
        stallNo: merchant?.stallNo ?? row.stall_no ?? '',
        sums: new SplitSum(),
      }
      byKey.set(key, entry)
    }
    entry.sums.add(row.method, row.type, num(row.n), num(row.fen))
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.stallNo.localeCompare(b.stallNo, 'en', { numeric: true }) ||
      (a.merchantId ?? '').localeCompare(b.merchantId ?? ''),
  )
}

/** Every market with its figures over the days, from the markets' day rollups, by name. */
export async function platformRows(db: Reader, from: string, to: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select m.id::text as market_id, m.name as market_name,
        coalesce(sum(s.payments), 0)::float8 as payments, coalesce(sum(s.payment_fen), 0)::float8 as payment_fen,
        coalesce(sum(s.refunds), 0)::float8 as refunds, coalesce(sum(s.refund_fen), 0)::float8 as refund_fen
      from ${markets} m
      left join ${marketDayStats} s on s.market_id = m.id and s.day >= ${from} and s.day <= ${to}
      group by m.id, m.name
      order by m.name, m.id`),
  )
  return rows.map((row) => {
    const paymentFen = num(row.payment_fen)
    const refundFen = num(row.refund_fen)
    return {
      marketId: String(row.market_id),
      marketName: String(row.market_name),
      payments: num(row.payments),
      paymentFen,
      refunds: num(row.refunds),
      refundFen,
      netFen: paymentFen - refundFen,
    }
  })
}

export const platformTotals = (db: Reader, from: string, to: string) => rollupTotals(db, ALL_MARKETS, from, to)

export async function merchantOf(db: Reader, merchantId: string) {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      stallNo: merchants.stallNo,
      marketId: merchants.marketId,
      marketName: markets.name,
    })
    .from(merchants)
    .innerJoin(markets, sql`${markets.id} = ${merchants.marketId}`)
    .where(sql`${merchants.id} = ${merchantId}`)
  return row ?? null
}

/** A merchant's takings per Shanghai day and method (the merchant's index on (merchant_id, occurred_at)). */
export async function merchantDays(db: Reader, merchantId: string, from: string, to: string) {
  const { start, end } = rangeInstants(from, to)
  const rows = rowsOf<{ day: string; method: string; type: string; n: number | string; fen: number | string }>(
    await db.execute(sql`
      select ((occurred_at at time zone 'Asia/Shanghai')::date)::text as day, method, type,
        count(*)::float8 as n, sum(amount_fen)::float8 as fen
      from ${transactions}
      where merchant_id = ${merchantId} and occurred_at >= ${start.toISOString()}::timestamptz
        and occurred_at < ${end.toISOString()}::timestamptz
      group by 1, 2, 3`),
  )
  const byDay = new Map<string, SplitSum>()
  const total = new SplitSum()
  for (const row of rows) {
    let day = byDay.get(row.day)
    if (!day) byDay.set(row.day, (day = new SplitSum()))
    day.add(row.method, row.type, num(row.n), num(row.fen))
    total.add(row.method, row.type, num(row.n), num(row.fen))
  }
  return { byDay, total }
}
