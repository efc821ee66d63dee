import { sql } from 'drizzle-orm'
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/device-api'
import type { SortOrder } from '../../contract/list'
import type { MethodFigures, PlatformStatementSort, StatementFigures } from '../../contract/statements'
import { addDays, shanghaiDayStart } from '../../contract/time'
import { rowsOf, type ReadDatabase } from '../db/client'
import { ALL_MARKETS, marketDayStats, markets, merchants, transactions } from '../db/schema'
import { containsPattern } from '../lib/list-query'

/**
 * The statements' reads (issue 25 §2). A market's totals are the dashboard's own figures: the sums of
 * market_day_stats over the days, the rows /api/dashboard/today and /daily read. What each merchant
 * took, by method, is summed from the transactions themselves (no rollup keeps merchant × method),
 * in the same statement (one snapshot), so the merchants' rows add up to the totals
 * whenever the rollups are right, and the nightly check (./nightly-check.ts) says when they are not.
 */

type Reader = Pick<ReadDatabase, 'execute'>
const num = (value: unknown) => Number(value ?? 0)

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

/**
 * Stall numbers in their natural order (A-2 before A-10), by one collator made once: localeCompare with
 * options builds a collator per call: sorting a day's 226 merchants took ~15 ms of CPU that way, 0.5 ms so.
 */
const STALL_ORDER = new Intl.Collator('en', { numeric: true })

type MerchantSums = { merchantId: string | null; merchantName: string; stallNo: string; sums: SplitSum }

/** A json column as the driver hands it back: parsed already (PGlite, postgres.js), or as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

type FigureSums = { payments: number; payment_fen: number; refunds: number; refund_fen: number }
const toFigures = (row: FigureSums | null | undefined): StatementFigures => {
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

/** The rollup's figures over the days, as a json object (one sub-select of a statement). */
const rollupJson = (marketId: string, from: string, to: string) => sql`(
  select json_build_object('payments', coalesce(sum(payments), 0)::float8, 'payment_fen', coalesce(sum(payment_fen), 0)::float8,
    'refunds', coalesce(sum(refunds), 0)::float8, 'refund_fen', coalesce(sum(refund_fen), 0)::float8)
  from ${marketDayStats} where market_id = ${marketId} and day >= ${from} and day <= ${to})`

/**
 * One market's statement in ONE statement (one snapshot, one round trip): its name, the totals from
 * the dashboard's day rollup, and what each merchant took by method and kind, grouped from the
 * market's transactions (an index range on (market_id, occurred_at), a few hundred rows a day).
 * Payments at a stall no merchant was bound to are kept apart by stall, merchant null.
 */
export async function marketRead(db: Reader, marketId: string, from: string, to: string) {
  const { start, end } = rangeInstants(from, to)
  const [row] = rowsOf<{ market_name: string | null; totals: unknown; rows: unknown }>(
    await db.execute(sql`
      with g as (
        select merchant_id, case when merchant_id is null then stall_no end as stall_no,
          method, type, count(*)::float8 as n, sum(amount_fen)::float8 as fen
        from ${transactions}
        where market_id = ${marketId} and occurred_at >= ${start.toISOString()}::timestamptz
          and occurred_at < ${end.toISOString()}::timestamptz
        group by 1, 2, 3, 4
      )
      select (select name from ${markets} where id = ${marketId}) as market_name,
        ${rollupJson(marketId, from, to)} as totals,
        (select coalesce(json_agg(json_build_object('merchant_id', g.merchant_id, 'stall_no', g.stall_no,
          'method', g.method, 'type', g.type, 'n', g.n, 'fen', g.fen, 'name', m.name, 'merchant_stall', m.stall_no)), '[]'::json)
         from g left join ${merchants} m on m.id = g.merchant_id) as rows`),
  )
  const groups = json<
    {
      merchant_id: string | null
      stall_no: string | null
      method: string
      type: string
      n: number
      fen: number
      name: string | null
      merchant_stall: string | null
    }[]
  >(row?.rows ?? '[]')
  const byKey = new Map<string, MerchantSums>()
  for (const group of groups) {
    const key = group.merchant_id ?? `stall:${group.stall_no ?? ''}`
    let entry = byKey.get(key)
    if (!entry) {
      entry = {
        merchantId: group.merchant_id,
        merchantName: group.name ?? '',
        stallNo: group.merchant_stall ?? group.stall_no ?? '',
        sums: new SplitSum(),
      }
      byKey.set(key, entry)
    }
    entry.sums.add(group.method, group.type, num(group.n), num(group.fen))
  }
  const merchantRows = [...byKey.values()].sort(
    (a, b) => STALL_ORDER.compare(a.stallNo, b.stallNo) || (a.merchantId ?? '').localeCompare(b.merchantId ?? ''),
  )
  return {
    name: row?.market_name ?? null,
    totals: toFigures(json<FigureSums | null>(row?.totals ?? null)),
    merchants: merchantRows,
  }
}

/** A page of the platform's markets: the kit's list parameters (contract/statements.ts). */
export type PlatformPage = {
  sort: PlatformStatementSort
  order: SortOrder
  q?: string | undefined
  limit: number
  offset: number
}

/** The SQL each sort orders by (over the page's sums, named in platformRead). */
const PLATFORM_SORT: Record<PlatformStatementSort, string> = {
  name: 'market_name',
  payments: 'payments',
  paymentFen: 'payment_fen',
  refunds: 'refunds',
  refundFen: 'refund_fen',
  netFen: 'payment_fen - refund_fen',
}

/**
 * The markets with their figures over the days (a page of them, or every one when `page` is null)
 * and the platform's totals (its ALL_MARKETS rows, what the dashboard of all markets reads): one
 * statement, one snapshot. Each market's figures are its day rows summed (the day index: a row a
 * market a day); the page is sorted by the asked figure, then by id, so pages neither repeat nor skip.
 */
export async function platformRead(db: Reader, from: string, to: string, page: PlatformPage | null) {
  const named = page?.q ? sql`where m.name ilike ${containsPattern(page.q)}` : sql``
  const direction = sql.raw(page?.order === 'desc' ? 'desc' : 'asc')
  const orderBy = sql.raw(PLATFORM_SORT[page?.sort ?? 'name'])
  const [row] = rowsOf<{ totals: unknown; rows: unknown; total: number }>(
    await db.execute(sql`
      select ${rollupJson(ALL_MARKETS, from, to)} as totals,
        (select count(*)::int from ${markets} m ${named}) as total,
        (select coalesce(json_agg(r), '[]'::json) from (
          select * from (
            select m.id as market_id, m.name as market_name,
              coalesce(sum(s.payments), 0)::float8 as payments, coalesce(sum(s.payment_fen), 0)::float8 as payment_fen,
              coalesce(sum(s.refunds), 0)::float8 as refunds, coalesce(sum(s.refund_fen), 0)::float8 as refund_fen
            from ${markets} m
            left join ${marketDayStats} s on s.market_id = m.id and s.day >= ${from} and s.day <= ${to}
            ${named}
            group by m.id, m.name) sums
          order by ${orderBy} ${direction}, market_id ${direction}
          ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}) r) as rows`),
  )
  const rows = json<(FigureSums & { market_id: string; market_name: string })[]>(row?.rows ?? '[]')
  return {
    totals: toFigures(json<FigureSums | null>(row?.totals ?? null)),
    total: num(row?.total),
    markets: rows.map((market) => ({
      marketId: market.market_id,
      marketName: market.market_name,
      ...toFigures(market),
    })),
  }
}

/**
 * A merchant (with its market) and its takings per Shanghai day, method and kind, from its
 * transactions (the index on (merchant_id, occurred_at)): one statement, one snapshot. Null: no such merchant.
 */
export async function merchantRead(db: Reader, merchantId: string, from: string, to: string) {
  const { start, end } = rangeInstants(from, to)
  const [row] = rowsOf<{ merchant: unknown; rows: unknown }>(
    await db.execute(sql`
      select (select json_build_object('id', m.id, 'name', m.name, 'stallNo', m.stall_no, 'marketId', m.market_id,
                'marketName', k.name)
              from ${merchants} m join ${markets} k on k.id = m.market_id where m.id = ${merchantId}) as merchant,
        (select coalesce(json_agg(g), '[]'::json) from (
          select ((occurred_at at time zone 'Asia/Shanghai')::date)::text as day, method, type,
            count(*)::float8 as n, sum(amount_fen)::float8 as fen
          from ${transactions}
          where merchant_id = ${merchantId} and occurred_at >= ${start.toISOString()}::timestamptz
            and occurred_at < ${end.toISOString()}::timestamptz
          group by 1, 2, 3) g) as rows`),
  )
  const merchant = json<{ id: string; name: string; stallNo: string; marketId: string; marketName: string } | null>(
    row?.merchant ?? null,
  )
  const byDay = new Map<string, SplitSum>()
  const total = new SplitSum()
  for (const group of json<{ day: string; method: string; type: string; n: number; fen: number }[]>(
    row?.rows ?? '[]',
  )) {
    let day = byDay.get(group.day)
    if (!day) byDay.set(group.day, (day = new SplitSum()))
    day.add(group.method, group.type, num(group.n), num(group.fen))
    total.add(group.method, group.type, num(group.n), num(group.fen))
  }
  return { merchant, byDay, total }
}
