import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { ONLINE_WINDOW_MS, type DeviceKind } from '../../contract/device-list'
import type { MerchantStatus } from '../../contract/merchant-list'
import { LICENCE_STATES, type LicenceState } from '../../contract/licence-state'
import type {
  Merchant,
  MerchantDetail,
  MerchantExportQuery,
  MerchantList,
  MerchantListItem,
  MerchantListQuery,
} from '../../contract/merchants'
import { formatShanghaiTime } from '../../contract/time'
import type { Database, ReadDatabase } from '../db/client'
import { ALL_MARKETS, devices, markets, merchantCounts, merchants } from '../db/schema'
import { ApiError } from '../lib/errors'
import { allOf, cappedCount, containsPattern, listPage, orderBy, pageRange } from '../lib/list-query'
import { maskIdCard, maskLastFour } from '../lib/masks'
import { inScope, isInScope, marketScope, type MarketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Filters = Pick<MerchantListQuery, 'q' | 'category' | 'status' | 'licence' | 'credit'>

/** Reads of merchants, every one held to the caller's market scope (server/lib/scope.ts). */

const SORT_COLUMNS = {
  createdAt: merchants.createdAt,
  stallNo: merchants.stallNo,
  name: merchants.name,
  accountUsername: merchants.accountUsername,
  category: merchants.category,
  licence: merchants.licenceRank,
  credit: merchants.creditStars,
}

/** One or two characters, not all ASCII: a surname or a given name, too short for trigrams. */
function isShortSearch(text: string): boolean {
  const chars = [...text]
  return chars.length <= 2 && chars.some((char) => (char.codePointAt(0) ?? 0) > 0x7f)
}

/**
 * The search looks in one lower-cased column (name, stall, phone, account username). Three characters
 * or more: `like`, which the trigram index serves. One or two with a non-ASCII character (王, 秀英):
 * the same match read from search_grams, every such piece of that text, indexed (migration 0006). So
 * a search across 200,000 merchants does not scan them.
 */
function searchCondition(q: string): SQL {
  const text = q.toLowerCase()
  return isShortSearch(text)
    ? sql`${merchants.searchGrams} @> array[${text}]::text[]`
    : sql`${merchants.searchText} like ${containsPattern(text)}`
}

/** The list's conditions. */
function listWhere(scope: MarketScope, { q, category, status, licence, credit }: Filters): SQL | undefined {
  return allOf(
    inScope(merchants.marketId, scope),
    q ? searchCondition(q) : undefined,
    category ? eq(merchants.category, category) : undefined,
    status ? eq(merchants.status, status) : undefined,
    // By the rank (the same as the state), so the licence indexes serve the filter.
    licence ? eq(merchants.licenceRank, LICENCE_STATES.indexOf(licence)) : undefined,
    credit ? eq(merchants.creditStars, Number(credit)) : undefined,
  )
}

/**
 * How many merchants match the list's filters when it has no search: a sum of at most 18
 * merchant_counts rows, which triggers keep (a count of 200,000 rows would cost more than the page).
 */
async function countWithoutSearch(db: Database, scope: MarketScope, { category, status }: Filters) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${merchantCounts.n}), 0)`.mapWith(Number) })
    .from(merchantCounts)
    .where(
      allOf(
        eq(merchantCounts.marketId, scope ?? ALL_MARKETS),
        category ? eq(merchantCounts.category, category) : undefined,
        status ? eq(merchantCounts.status, status) : undefined,
      ),
    )
  return row?.n ?? 0
}

const LIST_COLUMNS = {
  id: merchants.id,
  marketId: merchants.marketId,
  marketName: markets.name,
  accountUsername: merchants.accountUsername,
  stallNo: merchants.stallNo,
  name: merchants.name,
  phone: merchants.phone,
  category: merchants.category,
  creditCode: merchants.creditCode,
  status: merchants.status,
  licenceState: merchants.licenceState,
  creditStars: merchants.creditStars,
  createdAt: merchants.createdAt,
}

type ListRow = { [K in keyof typeof LIST_COLUMNS]: (typeof LIST_COLUMNS)[K]['_']['data'] }

const toListItem = ({ createdAt, category, status, licenceState, ...row }: ListRow): MerchantListItem => ({
  ...row,
  category: category as MerchantListItem['category'],
  status: status as MerchantStatus,
  licenceState: licenceState as LicenceState,
  createdTime: formatShanghaiTime(createdAt),
})

/**
 * The ids of a page of merchants matching a search, each with the number of matches. Every match has
 * to be read to be counted, so they are found with the search's index (OFFSET 0 keeps PostgreSQL from
 * merging the subquery into this one and walking the sort's index instead, which would read every
 * row), then counted and sorted together.
 */
function searchPage(db: Database, where: SQL | undefined, query: MerchantListQuery) {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`
  const matches = db
    .select({ id: merchants.id, key: sql`${SORT_COLUMNS[query.sort]}`.as('key') })
    .from(merchants)
    .where(where)
  return db
    .select({ pageId: sql<string>`matches.id`.as('page_id'), total: sql<number>`count(*) over ()`.as('page_total') })
    .from(sql`(${matches} offset 0) as matches`)
    .orderBy(sql`matches.key ${direction}`, sql`matches.id ${direction}`)
    .limit(pageRange(query).limit)
    .offset(pageRange(query).offset)
}

/**
 * A page of the list and its total. The page's ids are found first, then only those rows are read with
 * their market. Without a search, the ids come from the sort's index alone (a page deep in the list
 * skips index entries, not rows) and the total is a sum of merchant_counts rows, read beside the page
 * (on PostgreSQL at the same time, on another connection). With one, see searchPage.
 */
export async function listMerchants(
  { db }: Pick<ServerDeps, 'db'>,
  caller: Caller,
  query: MerchantListQuery,
): Promise<MerchantList> {
  const scope = marketScope(caller, query.market)
  const where = listWhere(scope, query)
  const order = orderBy(SORT_COLUMNS, query.sort, query.order, merchants.id)
  const page = (
    query.q
      ? searchPage(db, where, query)
      : db
          .select({ pageId: sql<string>`${merchants.id}`.as('page_id'), total: sql<number>`0`.as('page_total') })
          .from(merchants)
          .where(where)
          .orderBy(...order)
          .limit(pageRange(query).limit)
          .offset(pageRange(query).offset)
  ).as('page')
  const rows = db
    .select({ ...LIST_COLUMNS, total: page.total })
    .from(page)
    .innerJoin(merchants, eq(merchants.id, page.pageId))
    .innerJoin(markets, eq(markets.id, merchants.marketId))
    .orderBy(...order)
  if (!query.q) {
    // merchant_counts keeps neither licence states nor stars: filtered by either, the matches are
    // counted from that filter's index, up to the cap.
    const total =
      query.licence || query.credit
        ? cappedCount(
            db,
            db
              .select({ one: sql`1` })
              .from(merchants)
              .where(where)
              .$dynamic(),
          )
        : countWithoutSearch(db, scope, query).then((n) => ({ total: n, totalCapped: false }))
    const [list, counted] = await Promise.all([rows, total])
    return { ...counted, list: list.map(({ total: _total, ...row }) => toListItem(row)) }
  }
  const { list, total } = await listPage(
    (await rows).map((row) => ({ ...row, total: Number(row.total) })),
    query.page,
    async () => (await db.select({ n: count() }).from(merchants).where(where))[0]?.n ?? 0,
  )
  return { total, totalCapped: false, list: list.map(toListItem) }
}

/**
 * Rows per round trip of an export: big enough to be quick, small enough to never pile up in memory
 * (500 rather than 2,000: the first 200,000-row export grew the server by ~83 MB instead of ~100, in
 * the same 2.5 s; bench/merchants-export.mjs).
 */
const EXPORT_BATCH = 500

/**
 * Every merchant the list's filters match, newest first, in batches read by keyset (created_at, id):
 * no offset that grows with the export, no row read twice if merchants register meanwhile.
 */
export async function* exportMerchants(
  { db }: { db: ReadDatabase },
  caller: Caller,
  query: MerchantExportQuery,
): AsyncGenerator<MerchantListItem[]> {
  const where = listWhere(marketScope(caller, query.market), query)
  // The position is the last row's created_at as PostgreSQL's own text (microseconds; a JS Date would
  // cut it to milliseconds and skip rows that share the millisecond) and its id, compared as a row.
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${merchants.createdAt}, ${merchants.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined
    const rows = await db
      .select({ ...LIST_COLUMNS, position: sql<string>`${merchants.createdAt}::text` })
      .from(merchants)
      .innerJoin(markets, eq(markets.id, merchants.marketId))
      .where(allOf(where, cursor))
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map(({ position: _position, ...row }) => toListItem(row))
    const last = rows[rows.length - 1] as (typeof rows)[number]
    after = { createdAt: last.position, id: last.id }
    if (rows.length < EXPORT_BATCH) return
  }
}

/** A merchant in the caller's scope, or 40400 (another market's merchant is simply not found). */
export async function findMerchant(db: Database, caller: Caller, id: string) {
  const [row] = await db
    .select({ merchant: merchants, marketName: markets.name })
    .from(merchants)
    .innerJoin(markets, eq(markets.id, merchants.marketId))
    .where(eq(merchants.id, id))
    .limit(1)
  if (!row || !isInScope(marketScope(caller), row.merchant.marketId))
    throw new ApiError(ApiCode.NOT_FOUND, 'error_merchant_not_found')
  return row
}

export function toMerchant({ merchant, marketName }: Awaited<ReturnType<typeof findMerchant>>): Merchant {
  const {
    accountUk: _uk,
    searchText: _search,
    searchGrams: _grams,
    updatedAt: _updated,
    licenceRank: _rank,
    creditPoints: _points,
    creditReasons: _reasons,
    creditComputedAt: _computed,
    createdAt,
    ...fields
  } = merchant
  return {
    ...fields,
    marketName,
    licenceState: fields.licenceState as LicenceState,
    category: fields.category as Merchant['category'],
    status: fields.status as MerchantStatus,
    gender: fields.gender as Merchant['gender'],
    political: fields.political as Merchant['political'],
    education: fields.education as Merchant['education'],
    createdTime: formatShanghaiTime(createdAt),
  }
}

export async function getMerchant(
  { db }: Pick<ServerDeps, 'db'>,
  caller: Caller,
  input: { id: string },
): Promise<Merchant> {
  return toMerchant(await findMerchant(db, caller, input.id))
}

/**
 * A merchant's page: the merchant with its ID card and bank numbers masked (a page to look at needs
 * no number to copy; the edit form reads them whole) and the devices bound to it now, online by the
 * two-minute rule. Another market's merchant answers 40400, as an unknown one does.
 */
export async function getMerchantDetail(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  input: { id: string },
): Promise<MerchantDetail> {
  const found = await findMerchant(db, caller, input.id)
  const merchant = toMerchant(found)
  const bound = await db
    .select({ id: devices.id, code: devices.code, kind: devices.kind, lastSeenAt: devices.lastSeenAt })
    .from(devices)
    .where(and(eq(devices.merchantId, merchant.id), isNull(devices.unboundAt)))
    .orderBy(asc(devices.code), asc(devices.id))
  const onlineSince = clock().getTime() - ONLINE_WINDOW_MS
  return {
    ...merchant,
    idCardNo: maskIdCard(merchant.idCardNo),
    bankMerchantNo: maskLastFour(merchant.bankMerchantNo),
    otherBankNo: maskLastFour(merchant.otherBankNo),
    paymentSubMerchantNo: maskLastFour(merchant.paymentSubMerchantNo),
    devices: bound.map(({ lastSeenAt, kind, ...device }) => ({
      ...device,
      kind: kind as DeviceKind,
      online: lastSeenAt !== null && lastSeenAt.getTime() > onlineSince,
      lastSeenTime: lastSeenAt ? formatShanghaiTime(lastSeenAt) : null,
    })),
    credit: {
      points: found.merchant.creditPoints,
      reasons: found.merchant.creditReasons,
      computedTime: found.merchant.creditComputedAt ? formatShanghaiTime(found.merchant.creditComputedAt) : null,
    },
  }
}
