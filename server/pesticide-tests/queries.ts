import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { daysInRange, MAX_RANGE_DAYS } from '../../contract/date-range'
import type { TestResult } from '../../contract/device-api'
import type { FollowUpAction, PesticideTest } from '../../contract/pesticide-tests'
import { pesticideTestDays } from '../../contract/pesticide-test-days'
import type {
  PesticideTestExportQuery,
  PesticideTestListQuery,
  PesticideTestSort,
} from '../../contract/pesticide-tests-list'
import type { Database, ReadDatabase } from '../db/client'
import { devices, markets, merchants, pesticideTestFollowUps, pesticideTests, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { allOf, containsPattern, listPage, pageRange, windowTotal, withinDays } from '../lib/list-query'
import { inScope, marketScope, type MarketScope } from '../lib/scope'
import type { SessionUser } from '../lib/types'

/**
 * Reads of the pesticide-test history (issue 25 §3). Tests are a few a market a day, so a page is an
 * offset on (market_id, tested_at) — the primary key's market first, then the time index; every read
 * names its days (`withinDays`), so a query never reads more than 31 of them.
 */

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Reader = Database | ReadDatabase
type Filters = Omit<PesticideTestExportQuery, 'market' | 'sort' | 'order'>

/**
 * The days a query reads: the last 7 up to `to` (today when absent) when `from` is not given; an open
 * `to` is today. More than 31 days (a `from` long ago with no end) is 40000 on `from`, as the schema
 * says for two given ends.
 */
function daysOf(range: Pick<Filters, 'from' | 'to'>, now: Date) {
  const { from: start, to: end } = pesticideTestDays(range, now)
  if (start <= end && daysInRange(start, end) > MAX_RANGE_DAYS)
    throw new ApiError(ApiCode.INVALID_INPUT, 'validation_range_31_days', [
      { field: 'from', message: 'validation_range_31_days' },
    ])
  return { from: start, to: end }
}

function filterWhere(scope: MarketScope, filters: Filters, now: Date): SQL | undefined {
  const { merchant, device, stall, result, q } = filters
  return allOf(
    inScope(pesticideTests.marketId, scope),
    withinDays(pesticideTests.testedAt, daysOf(filters, now)),
    merchant ? eq(pesticideTests.merchantId, merchant) : undefined,
    device ? eq(pesticideTests.deviceId, device) : undefined,
    stall ? eq(pesticideTests.stallNo, stall) : undefined,
    result ? eq(pesticideTests.result, result) : undefined,
    q ? ilike(pesticideTests.produce, containsPattern(q)) : undefined,
  )
}

const FAILED = sql<number>`(${pesticideTests.result} = 'fail')::int`

/** The list's order: newest first (or oldest), or the failures first, each newest first; the id breaks ties. */
function ordered(sort: PesticideTestSort, order: 'asc' | 'desc'): SQL[] {
  const by = order === 'asc' ? asc : desc
  const time = [by(pesticideTests.testedAt), by(pesticideTests.id)]
  return sort === 'failures' ? [by(FAILED), ...time] : time
}

const COLUMNS = {
  id: pesticideTests.id,
  eventId: pesticideTests.eventId,
  at: pesticideTests.testedAt,
  marketId: pesticideTests.marketId,
  marketName: markets.name,
  merchantId: pesticideTests.merchantId,
  merchantName: merchants.name,
  stallNo: pesticideTests.stallNo,
  produce: pesticideTests.produce,
  inhibitionPct: pesticideTests.inhibitionPct,
  result: pesticideTests.result,
  deviceId: pesticideTests.deviceId,
  deviceCode: devices.code,
  actions: pesticideTestFollowUps.actions,
  note: pesticideTestFollowUps.note,
  recordedBy: pesticideTestFollowUps.recordedBy,
  recordedByName: users.username,
  recordedAt: pesticideTestFollowUps.recordedAt,
}

/**
 * The tests with their names and follow-ups (a follow-up joins on the tests' own key); `counted` adds
 * the list's total as a window count (an export's batches leave it at 0: counting each batch costs).
 */
const withNames = (db: Reader, counted: boolean) =>
  db
    .select({ ...COLUMNS, total: counted ? windowTotal() : sql<number>`0`.mapWith(Number) })
    .from(pesticideTests)
    .innerJoin(markets, eq(markets.id, pesticideTests.marketId))
    .leftJoin(merchants, eq(merchants.id, pesticideTests.merchantId))
    .leftJoin(devices, eq(devices.id, pesticideTests.deviceId))
    .leftJoin(
      pesticideTestFollowUps,
      and(
        eq(pesticideTestFollowUps.marketId, pesticideTests.marketId),
        eq(pesticideTestFollowUps.testId, pesticideTests.id),
      ),
    )
    .leftJoin(users, eq(users.uk, pesticideTestFollowUps.recordedBy))

type Row = {
  id: string
  eventId: string
  at: Date
  marketId: string
  marketName: string
  merchantId: string | null
  merchantName: string | null
  stallNo: string
  produce: string
  inhibitionPct: number
  result: string
  deviceId: string
  deviceCode: string | null
  actions: string[] | null
  note: string | null
  recordedBy: string | null
  recordedByName: string | null
  recordedAt: Date | null
}

const toTest = (row: Row): PesticideTest => ({
  id: row.id,
  eventId: row.eventId,
  at: row.at.toISOString(),
  market: { id: row.marketId, name: row.marketName },
  merchant: row.merchantId ? { id: row.merchantId, name: row.merchantName ?? '' } : null,
  stallNo: row.stallNo,
  produce: row.produce,
  inhibitionPct: Number(row.inhibitionPct),
  result: row.result as TestResult,
  device: { id: row.deviceId, code: row.deviceCode ?? '' },
  followUp:
    row.recordedBy && row.recordedAt
      ? {
          actions: (row.actions ?? []) as FollowUpAction[],
          note: row.note ?? '',
          by: { uk: row.recordedBy, username: row.recordedByName ?? '' },
          at: row.recordedAt.toISOString(),
        }
      : null,
})

/** A page of the history, read on the primary (an operator who records a follow-up comes back to it). */
export async function listPesticideTests(
  { db, clock }: { db: Database; clock: () => Date },
  caller: Caller,
  query: PesticideTestListQuery,
): Promise<{ list: PesticideTest[]; total: number }> {
  const where = filterWhere(marketScope(caller, query.market), query, clock())
  const rows = await withNames(db, true)
    .where(where)
    .orderBy(...ordered(query.sort, query.order))
    .limit(pageRange(query).limit)
    .offset(pageRange(query).offset)
  const page = await listPage(rows, query.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pesticideTests)
      .where(where)
    return counted?.n ?? 0
  })
  return { list: page.list.map(toTest), total: page.total }
}

const EXPORT_BATCH = 1000

/**
 * What an export reads, decided before its first byte: a refusal (a range too long) must be an
 * answer, not a stream broken half-way.
 */
export const exportWhere = (caller: Caller, query: PesticideTestExportQuery, now: Date) =>
  filterWhere(marketScope(caller, query.market), query, now)

/** Every test `where` matches, in the list's order, a batch at a time (offsets: at most 31 days of tests). */
export async function* exportPesticideTests(
  db: ReadDatabase,
  where: SQL | undefined,
  { sort, order }: Pick<PesticideTestExportQuery, 'sort' | 'order'>,
): AsyncGenerator<PesticideTest[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await withNames(db, false)
      .where(where)
      .orderBy(...ordered(sort, order))
      .limit(EXPORT_BATCH)
      .offset(offset)
    if (rows.length > 0) yield rows.map(toTest)
    if (rows.length < EXPORT_BATCH) return
  }
}
