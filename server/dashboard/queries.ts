import { and, desc, eq, gt, gte, isNull, lte, sql, type AnyColumn } from 'drizzle-orm'
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/device-api'
import { ONLINE_WINDOW_MS } from '../../contract/device-list'
import {
  LATEST_TESTS,
  LATEST_TRANSACTIONS,
  RANKING_SIZE,
  type Daily,
  type RankingMetric,
  type RankingPeriod,
  type Today,
} from '../../contract/dashboard'
import { testItem, transactionItem, type TestItem, type TransactionItem } from '../../contract/live'
import { addDays, formatShanghaiTime, minuteStart, shanghaiDayOf, shanghaiDayStart } from '../../contract/time'
import { rowsOf, type ReadDatabase } from '../db/client'
import {
  ALL_MARKETS,
  devices,
  marketDayStats,
  marketMinuteStats,
  markets,
  merchantDayStats,
  merchants,
  methodDayStats,
  pesticideTests,
  transactions,
} from '../db/schema'
import { inScope, type MarketScope } from '../lib/scope'
import { TRANSACTION_ID_OF_ROW } from '../transactions/public'

/**
 * The dashboard's reads (issue 10, DESIGN §8): every figure from the rollups kept on ingest, never a
 * scan of the transactions; "all markets" reads the platform's rows (ALL_MARKETS). Days are Shanghai
 * days (contract/time.ts).
 */

const MINUTE_MS = 60_000
const rollupMarket = (scope: MarketScope) => scope ?? ALL_MARKETS
const num = (value: unknown) => Number(value ?? 0)

/**
 * A sum of many rollup rows, each up to 2^63 - 1: summed in numeric (sum of a bigint never overflows)
 * and handed over as float8, a JS number (exact to 2^53, approximate past it, never an error). A
 * single row is read as it is (bigint, into a number the same way).
 */
const total = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number)

const figureSums = {
  paymentFen: total(marketMinuteStats.paymentFen),
  payments: total(marketMinuteStats.payments),
  refunds: total(marketMinuteStats.refunds),
  refundFen: total(marketMinuteStats.refundFen),
}

/** Sums of the minute rollup over [from, to). */
async function minuteFigures(db: ReadDatabase, scope: MarketScope, from: Date, to: Date) {
  const [row] = await db
    .select(figureSums)
    .from(marketMinuteStats)
    .where(
      and(
        eq(marketMinuteStats.marketId, rollupMarket(scope)),
        gte(marketMinuteStats.minute, from),
        sql`${marketMinuteStats.minute} < ${to.toISOString()}::timestamptz`,
      ),
    )
  return {
    paymentFen: num(row?.paymentFen),
    payments: num(row?.payments),
    refunds: num(row?.refunds),
    refundFen: num(row?.refundFen),
  }
}

type DeviceCounts = { online: number; bound: number }

/** The devices bound in the scope, and those seen in the last two minutes. */
export async function deviceCounts(db: ReadDatabase, scope: MarketScope, now: Date): Promise<DeviceCounts> {
  const [row] = await db
    .select({
      bound: sql<number>`count(*)`.mapWith(Number),
      online:
        sql<number>`count(*) filter (where ${gt(devices.lastSeenAt, new Date(now.getTime() - ONLINE_WINDOW_MS))})`.mapWith(
          Number,
        ),
    })
    .from(devices)
    .where(and(isNull(devices.unboundAt), inScope(devices.marketId, scope)))
  return { online: num(row?.online), bound: num(row?.bound) }
}

/**
 * Today so far against yesterday up to the same time, and the devices online of those bound
 * (`countDevices`: counted live unless the caller keeps the count).
 */
export async function todayFigures(
  db: ReadDatabase,
  scope: MarketScope,
  now: Date,
  countDevices: () => Promise<DeviceCounts> = () => deviceCounts(db, scope, now),
): Promise<Today> {
  const today = shanghaiDayOf(now)
  const yesterdayStart = shanghaiDayStart(addDays(today, -1))
  // The minute in progress counts on both sides: yesterday up to the same minute, inclusive.
  const upTo = new Date(minuteStart(now).getTime() + MINUTE_MS)
  const [[dayRow], yesterday, counted] = await Promise.all([
    db
      .select()
      .from(marketDayStats)
      .where(and(eq(marketDayStats.marketId, rollupMarket(scope)), eq(marketDayStats.day, today))),
    minuteFigures(db, scope, yesterdayStart, new Date(upTo.getTime() - 86_400_000)),
    countDevices(),
  ])
  return {
    today: {
      paymentFen: num(dayRow?.paymentFen),
      payments: num(dayRow?.payments),
      refunds: num(dayRow?.refunds),
      refundFen: num(dayRow?.refundFen),
    },
    yesterday,
    onlineDevices: counted.online,
    boundDevices: counted.bound,
    asOf: now.toISOString(),
  }
}

/** The last 30 days' takings and order counts, today last; days without trade hold zeros. */
export async function dailyFigures(db: ReadDatabase, scope: MarketScope, now: Date): Promise<Daily> {
  const today = shanghaiDayOf(now)
  const first = addDays(today, -29)
  const rows = await db
    .select({ day: marketDayStats.day, paymentFen: marketDayStats.paymentFen, payments: marketDayStats.payments })
    .from(marketDayStats)
    .where(
      and(
        eq(marketDayStats.marketId, rollupMarket(scope)),
        gte(marketDayStats.day, first),
        lte(marketDayStats.day, today),
      ),
    )
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return Array.from({ length: 30 }, (_, i) => {
    const day = addDays(first, i)
    const row = byDay.get(day)
    return { day, paymentFen: num(row?.paymentFen), payments: num(row?.payments) }
  })
}

const PERIOD_DAYS: Record<RankingPeriod, number> = { today: 1, '7d': 7, '30d': 30 }

/**
 * The top merchants by takings and by orders over the period, from one aggregation of the merchants'
 * day rollup: the dashboard shows both rankings, and the platform's sums a row per merchant and day
 * (30 days at province scale: over a second on PGlite), so summing once halves it. Ties go to the
 * smaller merchant id, so the order is stable.
 */
export async function merchantRankings(
  db: ReadDatabase,
  scope: MarketScope,
  now: Date,
  period: RankingPeriod,
): Promise<Record<RankingMetric, MerchantRankingRow[]>> {
  const today = shanghaiDayOf(now)
  const first = addDays(today, 1 - PERIOD_DAYS[period])
  const stats = merchantDayStats
  const inMarket = scope === null ? sql`true` : sql`${stats.marketId} = ${scope}`
  // Each side of the union is a top-N sort of the totals (a heap of ten), not a sort of them all. The
  // sums are numeric (exact, never overflowing) and ranked so; handed over as float8 (see total).
  const query = sql`
    with totals as materialized (
      select ${stats.merchantId} as merchant_id, sum(${stats.paymentFen}) as payment_fen, sum(${stats.payments}) as payments
      from ${stats}
      where ${inMarket} and ${stats.day} >= ${first} and ${stats.day} <= ${today}
      group by ${stats.merchantId}
    ),
    top as (
      (select 'amount' as metric, * from totals order by payment_fen desc, merchant_id limit ${RANKING_SIZE})
      union all
      (select 'orders' as metric, * from totals order by payments desc, merchant_id limit ${RANKING_SIZE})
    )
    select top.metric, top.merchant_id, ${merchants.name} as merchant_name, ${merchants.stallNo} as stall_no,
      ${markets.name} as market_name, top.payment_fen::float8 as payment_fen, top.payments::float8 as payments
    from top
    join ${merchants} on ${merchants.id} = top.merchant_id
    join ${markets} on ${markets.id} = ${merchants.marketId}`
  const rows = rowsOf<{
    metric: RankingMetric
    merchant_id: string
    merchant_name: string
    stall_no: string
    market_name: string
    payment_fen: number | string
    payments: number | string
  }>(
    scope !== null
      ? await db.execute(query)
      : // The platform's sum groups every merchant that traded (200,000 at province scale). In
        // PostgreSQL's default 4 MB of working memory that hash spills to disk: 10 s instead of 1.3 s on
        // PGlite for 100,000 merchants over 30 days. This one statement is given room for it.
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local work_mem = '64MB'`)
          return tx.execute(query)
        }),
  )
  const ranked = (metric: RankingMetric) => {
    const key = (row: MerchantRankingRow) => (metric === 'amount' ? row.paymentFen : row.payments)
    return rows
      .filter((row) => row.metric === metric)
      .map((row) => ({
        merchantId: row.merchant_id,
        merchantName: row.merchant_name,
        stallNo: row.stall_no,
        marketName: row.market_name,
        paymentFen: num(row.payment_fen),
        payments: num(row.payments),
      }))
      .sort((a, b) => key(b) - key(a) || (a.merchantId < b.merchantId ? -1 : 1))
  }
  return { amount: ranked('amount'), orders: ranked('orders') }
}

type MerchantRankingRow = {
  merchantId: string
  merchantName: string
  stallNo: string
  marketName: string
  paymentFen: number
  payments: number
}

/** Passengers per 10 minutes today, from midnight to the current 10 minutes. */
export async function passengerFlow(db: ReadDatabase, scope: MarketScope, now: Date) {
  const start = shanghaiDayStart(shanghaiDayOf(now))
  // Summed per 10 minutes by the database: a day of the platform's minutes is 900 rows to send, 90 summed.
  const slot = sql`date_bin('10 minutes', ${marketMinuteStats.minute}, ${start.toISOString()}::timestamptz)`
  const rows = await db
    .select({
      // Epoch milliseconds: the drivers hand a computed timestamptz back as text in their own formats.
      slotMs: sql<number>`(extract(epoch from ${slot}) * 1000)::float8`.mapWith(Number),
      in: total(marketMinuteStats.passengersIn),
      out: total(marketMinuteStats.passengersOut),
    })
    .from(marketMinuteStats)
    .where(
      and(
        eq(marketMinuteStats.marketId, rollupMarket(scope)),
        gte(marketMinuteStats.minute, start),
        lte(marketMinuteStats.minute, now),
      ),
    )
    // By position: the slot repeated would be a second parameter, which PostgreSQL does not know is equal.
    .groupBy(sql`1`)
  const slots = Math.floor((now.getTime() - start.getTime()) / (10 * MINUTE_MS)) + 1
  const flow = Array.from({ length: slots }, (_, i) => ({
    time: formatShanghaiTime(start.getTime() + i * 10 * MINUTE_MS),
    in: 0,
    out: 0,
  }))
  for (const row of rows) {
    const at = flow[Math.round((row.slotMs - start.getTime()) / (10 * MINUTE_MS))]
    if (!at) continue
    at.in += row.in
    at.out += row.out
  }
  return flow
}

/** The last 60 minutes, a point a minute, the current minute last. */
export async function lastHour(db: ReadDatabase, scope: MarketScope, now: Date) {
  const current = minuteStart(now)
  const first = new Date(current.getTime() - 59 * MINUTE_MS)
  const rows = await db
    .select({
      minute: marketMinuteStats.minute,
      paymentFen: marketMinuteStats.paymentFen,
      payments: marketMinuteStats.payments,
    })
    .from(marketMinuteStats)
    .where(
      and(
        eq(marketMinuteStats.marketId, rollupMarket(scope)),
        gte(marketMinuteStats.minute, first),
        lte(marketMinuteStats.minute, current),
      ),
    )
  const byMinute = new Map(rows.map((row) => [row.minute.getTime(), row]))
  return Array.from({ length: 60 }, (_, i) => {
    const at = first.getTime() + i * MINUTE_MS
    const row = byMinute.get(at)
    return { time: formatShanghaiTime(at), paymentFen: num(row?.paymentFen), payments: num(row?.payments) }
  })
}

/** Today's payments by method, every method listed. */
export async function methodShares(db: ReadDatabase, scope: MarketScope, now: Date) {
  const rows = await db
    .select({ method: methodDayStats.method, paymentFen: methodDayStats.paymentFen, payments: methodDayStats.payments })
    .from(methodDayStats)
    .where(and(eq(methodDayStats.marketId, rollupMarket(scope)), eq(methodDayStats.day, shanghaiDayOf(now))))
  const byMethod = new Map(rows.map((row) => [row.method, row]))
  return PAYMENT_METHODS.map((method: PaymentMethod) => ({
    method,
    paymentFen: num(byMethod.get(method)?.paymentFen),
    payments: num(byMethod.get(method)?.payments),
  }))
}

/** The latest payments and refunds (a few rows from the newest partitions, by index). */
export async function latestTransactions(db: ReadDatabase, scope: MarketScope, now: Date): Promise<TransactionItem[]> {
  const rows = await db
    .select({
      deviceId: transactions.deviceId,
      eventId: transactions.eventId,
      type: transactions.type,
      method: transactions.method,
      amountFen: transactions.amountFen,
      stallNo: transactions.stallNo,
      merchantName: merchants.name,
      marketName: markets.name,
      occurredAt: transactions.occurredAt,
      transactionId: TRANSACTION_ID_OF_ROW,
    })
    .from(transactions)
    .innerJoin(markets, eq(markets.id, transactions.marketId))
    .leftJoin(merchants, eq(merchants.id, transactions.merchantId))
    // Recent only: the newest partitions, not every day ever stored.
    .where(
      and(
        inScope(transactions.marketId, scope),
        gte(transactions.occurredAt, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    )
    .orderBy(desc(transactions.occurredAt), desc(transactions.id))
    .limit(LATEST_TRANSACTIONS)
  return rows.map((row) => transactionItem({ ...row, amountFen: num(row.amountFen) }))
}

/** The latest pesticide-residue tests. */
export async function latestTests(db: ReadDatabase, scope: MarketScope): Promise<TestItem[]> {
  const rows = await db
    .select({
      deviceId: pesticideTests.deviceId,
      eventId: pesticideTests.eventId,
      produce: pesticideTests.produce,
      stallNo: pesticideTests.stallNo,
      merchantName: merchants.name,
      marketName: markets.name,
      inhibitionPct: pesticideTests.inhibitionPct,
      result: pesticideTests.result,
      testedAt: pesticideTests.testedAt,
    })
    .from(pesticideTests)
    .innerJoin(markets, eq(markets.id, pesticideTests.marketId))
    .leftJoin(merchants, eq(merchants.id, pesticideTests.merchantId))
    .where(inScope(pesticideTests.marketId, scope))
    .orderBy(desc(pesticideTests.testedAt))
    .limit(LATEST_TESTS)
  return rows.map((row) => testItem({ ...row, inhibitionPct: num(row.inhibitionPct) }))
}
