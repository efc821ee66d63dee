import { and, asc, desc, eq, gte, lt, lte, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { PaymentMethod } from '../../contract/device-api'
import type { DeviceKind } from '../../contract/device-list'
import {
  TRANSACTION_ID,
  type Transaction,
  type TransactionDetail,
  type TransactionList,
} from '../../contract/transactions'
import {
  shanghaiMinute,
  type TransactionExportQuery,
  type TransactionListQuery,
  type TransactionFilters,
  type TransactionSort,
} from '../../contract/transactions-list'
import { shanghaiDayOf } from '../../contract/time'
import type { Database, ReadDatabase } from '../db/client'
import { devices, markets, merchants, transactions } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { KeptAnswers } from '../lib/kept-answers'
import { allOf, withinDays } from '../lib/list-query'
import { inScope, marketScope, type MarketScope } from '../lib/scope'
import { inline, placeholders, ShapedStatements, type Bind } from '../lib/shaped-statements'
import type { SessionUser } from '../lib/types'
import { FIRST_WINDOW_DAYS, firstWindowDays, readByDays } from './day-windows'
import { daysOf, filterWhere } from './filters'
import { COUNT_KEPT, countedTotal, countKey, rollupTotal, type Total } from './totals'

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Reader = Pick<Database, 'select'> | ReadDatabase

/**
 * Reads of payments and refunds (issue 25 §1). The table is split by Shanghai day (migration 0007), so
 * every read names its days (`withinDays`: one range, the partitions outside it never opened). A page
 * is found by a cursor on the list's order, never an offset: the rows after (or before) a position are
 * one index range however deep the page, where an offset would read and drop every row above it.
 */

/** The time of a row in microseconds since 1970 (exact: PostgreSQL keeps microseconds, a JS Date does not). */
const MICROS = sql<string>`(extract(epoch from ${transactions.occurredAt}) * 1000000)::bigint::text`
/** A row's id as the console links it (contract/transactions.ts `TRANSACTION_ID`): `<µs>-<row>`. */
export const TRANSACTION_ID_OF_ROW = sql<string>`${MICROS} || '-' || ${transactions.id}::text`
const fromMicros = (micros: string | SQLWrapper) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`

const sortColumn = (sort: TransactionSort) => (sort === 'time' ? transactions.occurredAt : transactions.amountFen)
/** A row's position in the list's order: the sort's value and the id (contract/transactions-list.ts). */
const positionOf = (sort: TransactionSort) =>
  sql<string>`${sort === 'time' ? MICROS : sql`${transactions.amountFen}::text`} || '-' || ${transactions.id}::text`

/** Rows strictly past `cursor` in the direction `forward` ('desc' reads down, 'asc' up). */
function beyond(sort: TransactionSort, cursor: string, direction: 'asc' | 'desc', bind: Bind = inline): SQL {
  const [value, id] = cursor.split('-') as [string, string]
  const given = bind('cursorValue', value)
  const bound = sort === 'time' ? fromMicros(given) : sql`${given}::bigint`
  const column = sortColumn(sort)
  const row = bind('cursorRow', id)
  // The row comparison orders exactly; the plain bound beside it is what the (market, time) index ranges on.
  return direction === 'desc'
    ? sql`${column} <= ${bound} and (${column}, ${transactions.id}) < (${bound}, ${row}::bigint)`
    : sql`${column} >= ${bound} and (${column}, ${transactions.id}) > (${bound}, ${row}::bigint)`
}

/** `at`: the rows from a Shanghai minute on, in the list's order (down from its end, or up from its start). */
function fromMinute(at: string, direction: 'asc' | 'desc', bind: Bind): SQL {
  const start = shanghaiMinute(at) as Date
  return direction === 'desc'
    ? lt(transactions.occurredAt, bind('minuteEnd', new Date(start.getTime() + 60_000), transactions.occurredAt))
    : gte(transactions.occurredAt, bind('minuteStart', start, transactions.occurredAt))
}

const flip = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc')
const ordered = (sort: TransactionSort, direction: 'asc' | 'desc') => {
  const by = direction === 'asc' ? asc : desc
  return [by(sortColumn(sort)), by(transactions.id)]
}

const ROW_COLUMNS = {
  id: transactions.id,
  micros: MICROS,
  eventId: transactions.eventId,
  kind: transactions.type,
  method: transactions.method,
  amountFen: transactions.amountFen,
  at: transactions.occurredAt,
  marketId: transactions.marketId,
  marketName: markets.name,
  merchantId: transactions.merchantId,
  merchantName: merchants.name,
  stallNo: transactions.stallNo,
  deviceId: transactions.deviceId,
  deviceCode: devices.code,
  deviceKind: devices.kind,
  paymentEventId: transactions.paymentEventId,
}
type Row = {
  id: number
  micros: string
  eventId: string
  kind: string
  method: string
  amountFen: number
  at: Date
  marketId: string
  marketName: string | null
  merchantId: string | null
  merchantName: string | null
  stallNo: string
  deviceId: string
  deviceCode: string | null
  paymentEventId: string | null
}

const toTransaction = (row: Row): Transaction => ({
  id: `${row.micros}-${row.id}`,
  eventId: row.eventId,
  kind: row.kind as Transaction['kind'],
  method: row.method as PaymentMethod,
  amountFen: Number(row.amountFen),
  at: row.at.toISOString(),
  market: { id: row.marketId, name: row.marketName ?? row.marketId },
  merchant: row.merchantId ? { id: row.merchantId, name: row.merchantName ?? row.merchantId } : null,
  stallNo: row.stallNo,
  device: { id: row.deviceId, code: row.deviceCode ?? '' },
  paymentEventId: row.paymentEventId,
})

/**
 * A page's rows with their names: the rows read off the index in the list's order and stopped at the
 * limit, then the market's, merchant's and device's names joined onto those rows only. The rows carry
 * every column they show, so the table (split into hundreds of day parts) is never joined back: a join
 * from the page to it planned every day part, ~190 ms before a row was read. (The aliases are the
 * page's own: `market_id` alone would be ambiguous beside the merchants' and devices' columns.)
 */
function withNames(
  db: Reader,
  where: SQL | undefined,
  sort: TransactionSort,
  direction: 'asc' | 'desc',
  limit: Placeholder,
) {
  const page = db
    .select({
      rowId: sql<number>`${transactions.id}`.as('t_row_id'),
      micros: sql<string>`${MICROS}`.as('t_micros'),
      position: sql<string>`${positionOf(sort)}`.as('t_position'),
      eventId: sql<string>`${transactions.eventId}`.as('t_event_id'),
      kind: sql<string>`${transactions.type}`.as('t_kind'),
      method: sql<string>`${transactions.method}`.as('t_method'),
      amountFen: sql<number>`${transactions.amountFen}`.as('t_amount_fen'),
      at: sql<Date>`${transactions.occurredAt}`.as('t_at'),
      marketId: sql<string>`${transactions.marketId}`.as('t_market_id'),
      merchantId: sql<string | null>`${transactions.merchantId}`.as('t_merchant_id'),
      stallNo: sql<string>`${transactions.stallNo}`.as('t_stall_no'),
      deviceId: sql<string>`${transactions.deviceId}`.as('t_device_id'),
      paymentEventId: sql<string | null>`${transactions.paymentEventId}`.as('t_payment_event_id'),
    })
    .from(transactions)
    .where(where)
    .orderBy(...ordered(sort, direction))
    .limit(limit)
    .as('page')
  const by = direction === 'asc' ? asc : desc
  return db
    .select({
      id: page.rowId,
      micros: page.micros,
      position: page.position,
      eventId: page.eventId,
      kind: page.kind,
      method: page.method,
      amountFen: page.amountFen,
      at: sql<Date>`${page.at}`.mapWith(transactions.occurredAt),
      marketId: page.marketId,
      marketName: markets.name,
      merchantId: page.merchantId,
      merchantName: merchants.name,
      stallNo: page.stallNo,
      deviceId: page.deviceId,
      deviceCode: devices.code,
      deviceKind: devices.kind,
      paymentEventId: page.paymentEventId,
    })
    .from(page)
    .innerJoin(markets, eq(markets.id, page.marketId))
    .leftJoin(merchants, eq(merchants.id, page.merchantId))
    .leftJoin(devices, eq(devices.id, page.deviceId))
    .orderBy(by(sort === 'time' ? page.at : page.amountFen), by(page.rowId))
}

/** The Shanghai day a cursor (or a minute) stands in, when the list is sorted by time. */
function dayOfBound(sort: TransactionSort, cursor: string | undefined, at: string | undefined): string | null {
  if (sort !== 'time') return null
  if (cursor) return shanghaiDayOf(Number(BigInt(cursor.split('-')[0] as string) / 1000n))
  const minute = at ? shanghaiMinute(at) : null
  return minute ? shanghaiDayOf(minute) : null
}

type PageRow = Awaited<ReturnType<typeof withNames>>[number]

/** What a page's reads share: the scope, the filters, the order, and a cursor's or a minute's bound. */
type PageQuery = {
  scope: MarketScope
  filters: TransactionFilters
  now: Date
  sort: TransactionSort
  direction: 'asc' | 'desc'
  bound?: ((bind: Bind) => SQL) | undefined
}

const pageStatements = new ShapedStatements<PageRow>()

/**
 * One read of a page's rows (a window of days, or the whole range), from its shape's kept statement
 * (server/lib/shaped-statements.ts): the key names the order, the kind's literal and every value bound.
 */
function pageRows(db: Reader, page: PageQuery, days: { from: string; to: string } | null, limit: number) {
  const { bind, values } = placeholders()
  const where = allOf(
    filterWhere(page.scope, page.filters, page.now, bind),
    page.bound?.(bind),
    // A window of days (readByDays) inside the filters' range.
    days ? withinDays(transactions.occurredAt, days, bind, 'window') : undefined,
  )
  values.limit = limit
  const key = `${page.sort} ${page.direction} ${page.filters.kind ?? 'any'} ${Object.keys(values).join(' ')}`
  return pageStatements.run(db, key, values, () =>
    withNames(db, where, page.sort, page.direction, sql.placeholder('limit')),
  )
}

/** Whether any row lies before `position` in the list's order (the previous page's button). */
async function anyBefore(
  db: Reader,
  where: SQL | undefined,
  sort: TransactionSort,
  order: 'asc' | 'desc',
  position: string,
) {
  const rows = await db
    .select({ one: sql`1` })
    .from(transactions)
    .where(allOf(where, beyond(sort, position, flip(order))))
    .limit(1)
  return rows.length > 0
}

/**
 * A page of the scope's transactions with its total and the cursors of the pages beside it. `after`
 * reads on from a position, `before` back from one (a short page there is the first page, read again),
 * `at` from a Shanghai minute; none of them: the first page.
 */
export async function listTransactions(
  { db, clock, keptAnswers }: { db: Reader; clock: () => Date; keptAnswers: KeptAnswers },
  caller: Caller,
  query: TransactionListQuery,
): Promise<TransactionList> {
  const now = clock()
  const scope = marketScope(caller, query.market)
  const { sort, order, pageSize, after, before, at } = query
  const where = filterWhere(scope, query, now)
  const range = daysOf(query, now)
  const firstPage = !after && !before && !at
  // The rollups' total first (a few day rows, when they answer the filters): it sizes the page's first
  // window. Else the rows are counted (every day part planned, up to the cap read), beside the page: on
  // a cursor, the count its first page kept; on the first page afresh, unless the filter is an event
  // id (a row or two: the page, not full, holds them all and its length is the total, exact).
  const exact = await rollupTotal(db, scope, query, now)
  const width = (edge: string) =>
    exact === null ? FIRST_WINDOW_DAYS : firstWindowDays(exact, range, pageSize + 1, { edge, now })
  const read = (bound: PageQuery['bound'], direction: 'asc' | 'desc', cursor?: string) => {
    const page: PageQuery = { scope, filters: query, now, sort, direction, bound }
    const once = (days: { from: string; to: string } | null, limit: number) => pageRows(db, page, days, limit)
    if (sort !== 'time' || query.q) return once(null, pageSize + 1)
    return readByDays(once, range, direction, dayOfBound(sort, cursor, cursor ? undefined : at), pageSize + 1, width)
  }
  const bound: PageQuery['bound'] = after
    ? (bind) => beyond(sort, after, order, bind)
    : at
      ? (bind) => fromMinute(at, order, bind)
      : undefined
  const readPage = () =>
    before ? read((bind) => beyond(sort, before, flip(order), bind), flip(order), before) : read(bound, order, after)
  const key = countKey(scope, query, range)
  const count = () => countedTotal({ db, keptAnswers }, scope, query, range, now)
  const kept = (total: Total) => {
    keptAnswers.keep(key, now.getTime(), COUNT_KEPT, total)
    return total
  }
  // Both awaited together: neither failure goes unheard.
  const [rows, known] = await Promise.all([
    readPage(),
    exact !== null
      ? { total: exact, totalCapped: false }
      : !firstPage
        ? keptAnswers.get(key, now.getTime(), COUNT_KEPT, count)
        : query.q
          ? null
          : count().then(kept),
  ])
  const counted: Total =
    known ?? (rows.length <= pageSize ? { total: rows.length, totalCapped: false } : kept(await count()))

  if (before && rows.length > pageSize) {
    const page = rows.slice(0, pageSize).reverse()
    return { list: page.map(toTransaction), ...counted, previous: page[0]?.position ?? null, next: before }
  }
  // Back at the top from `before`: the first page as it is now (rows may have arrived since), not a short one.
  const forward = before ? await read(undefined, order) : rows
  const page = forward.slice(0, pageSize)
  const first = page[0]?.position
  const next = forward.length > pageSize ? (page[page.length - 1]?.position ?? null) : null
  let previous: string | null = null
  if (after) previous = first ?? after
  else if (at && first) previous = (await anyBefore(db, where, sort, order, first)) ? first : null
  return { list: page.map(toTransaction), ...counted, next, previous }
}

/** A transaction's id as its parts, or null when it names none (not the shape, or past what the columns hold). */
function idParts(id: string): { micros: string; row: string } | null {
  if (!TRANSACTION_ID.test(id)) return null
  const [micros, row] = id.split('-') as [string, string]
  // The id is a bigint: 18 digits always fit (9.2e18 is its limit).
  return { micros, row }
}

const notFound = () => new ApiError(ApiCode.NOT_FOUND, 'error_transaction_not_found')

function detailRows(db: Reader) {
  return db
    .select(ROW_COLUMNS)
    .from(transactions)
    .innerJoin(markets, eq(markets.id, transactions.marketId))
    .leftJoin(merchants, eq(merchants.id, transactions.merchantId))
    .leftJoin(devices, eq(devices.id, transactions.deviceId))
}

/**
 * A transaction's page: found by its time and row number (one day's part, its key), held to the
 * caller's scope (another market's answers 40400 as an unknown one does). A payment's refunds are the
 * market's refunds naming its event id from a binding of the same device code, at or after it; a
 * refund's payment likewise, at or before it.
 */
export async function getTransaction(
  { db, clock }: { db: Reader; clock: () => Date },
  caller: Caller,
  input: { id: string },
): Promise<TransactionDetail> {
  const parts = idParts(input.id)
  if (!parts) throw notFound()
  const scope = marketScope(caller)
  // The millisecond around it as plain instants too: what lets PostgreSQL open that one day's part only.
  const ms = Number(BigInt(parts.micros) / 1000n)
  const [row] = await detailRows(db)
    .where(
      allOf(
        gte(transactions.occurredAt, new Date(ms)),
        lt(transactions.occurredAt, new Date(ms + 1)),
        sql`${transactions.occurredAt} = ${fromMicros(parts.micros)}`,
        sql`${transactions.id} = ${parts.row}::bigint`,
        inScope(transactions.marketId, scope),
      ),
    )
    .limit(1)
  if (!row) throw notFound()
  const sameDevice = sql`${transactions.deviceId} in (select d.id from devices d where d.market_id = ${row.marketId} and d.code = ${row.deviceCode})`
  const transaction = toTransaction(row)
  const device = { ...transaction.device, kind: (row.deviceKind ?? 'payment_terminal') as DeviceKind }
  if (row.kind === 'payment') {
    const refunds = await detailRows(db)
      .where(
        and(
          eq(transactions.marketId, row.marketId),
          eq(transactions.paymentEventId, row.eventId),
          gte(transactions.occurredAt, row.at),
          // Refunds are not in the future: the day parts made ahead are left closed.
          lt(transactions.occurredAt, new Date(clock().getTime() + 86_400_000)),
          sameDevice,
        ),
      )
      .orderBy(asc(transactions.occurredAt), asc(transactions.id))
    const refundedFen = refunds.reduce((total, refund) => total + Number(refund.amountFen), 0)
    return {
      ...transaction,
      device,
      refunds: refunds.map(toTransaction),
      refundedFen,
      refundableFen: Math.max(0, transaction.amountFen - refundedFen),
      payment: null,
    }
  }
  const [payment] = row.paymentEventId
    ? await detailRows(db)
        .where(
          and(
            eq(transactions.marketId, row.marketId),
            eq(transactions.eventId, row.paymentEventId),
            eq(transactions.type, 'payment'),
            lte(transactions.occurredAt, row.at),
            sameDevice,
          ),
        )
        .orderBy(desc(transactions.occurredAt))
        .limit(1)
    : []
  return {
    ...transaction,
    device,
    refunds: [],
    refundedFen: 0,
    refundableFen: 0,
    payment: payment ? toTransaction(payment) : null,
  }
}

/** Rows per round trip of an export (as the other exports: quick, and never a pile in memory). */
const EXPORT_BATCH = 1000

/**
 * Every transaction the filters match, in the list's order, in batches read by the list's own cursor:
 * no offset that grows with the export, no row read twice while payments arrive meanwhile.
 */
export async function* exportTransactions(
  { db, clock }: { db: ReadDatabase; clock: () => Date },
  caller: Caller,
  query: TransactionExportQuery,
): AsyncGenerator<Transaction[]> {
  const now = clock()
  const scope = marketScope(caller, query.market)
  const range = daysOf(query, now)
  let after: string | null = null
  for (;;) {
    const cursor = after
    const page: PageQuery = {
      scope,
      filters: query,
      now,
      sort: query.sort,
      direction: query.order,
      bound: cursor ? (bind) => beyond(query.sort, cursor, query.order, bind) : undefined,
    }
    const once = (days: { from: string; to: string } | null, limit: number) => pageRows(db, page, days, limit)
    // By time, a batch plans only the days from the cursor's on (readByDays), not the whole range's.
    const rows: PageRow[] =
      query.sort === 'time' && !query.q
        ? await readByDays(
            once,
            range,
            query.order,
            dayOfBound(query.sort, after ?? undefined, undefined),
            EXPORT_BATCH,
          )
        : await once(null, EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map(toTransaction)
    after = (rows[rows.length - 1] as (typeof rows)[number]).position
    if (rows.length < EXPORT_BATCH) return
  }
}
