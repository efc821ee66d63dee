import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { ComplaintCategory, ComplaintChannel, ComplaintState } from '../../contract/complaint-list'
import {
  COMPLAINT_COUNT_CAP,
  type ComplaintCounts,
  type ComplaintDetail,
  type ComplaintList,
  type ComplaintListItem,
  type ComplaintOutcome,
  type ComplaintRemedy,
} from '../../contract/complaints'
import type { ComplaintListQuery } from '../../contract/complaint-list'
import { formatShanghaiTime } from '../../contract/time'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Database, ReadDatabase } from '../db/client'
import { complaints, complaintSteps, markets, merchants, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { allOf, cappedCount, matchAny, orderBy, pageRange, withinDays } from '../lib/list-query'
import { maskPersonName, maskPhone } from '../lib/masks'
import { inScope, isInScope, marketScope, type MarketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

type Caller = Pick<SessionUser, 'role' | 'marketId'>
type Filters = Omit<ComplaintListQuery, 'page' | 'pageSize' | 'sort' | 'order'>

/** Reads of complaints, every one held to the caller's market scope (server/lib/scope.ts). */

const OPEN = sql`${complaints.state} in ('received', 'handling')`
/** Still open past its due time at `now`. */
const overdueAt = (now: Date) => sql`(${OPEN} and ${complaints.dueAt} < ${now.toISOString()}::timestamptz)`

const SORT_COLUMNS = {
  receivedAt: complaints.receivedAt,
  dueAt: complaints.dueAt,
  no: complaints.no,
}

/** `#12` or `12` finds complaint number 12; other text looks in the stall, description and merchant's name. */
function searchCondition(q: string): SQL | undefined {
  const number = /^#?(\d{1,9})$/.exec(q)
  const text = matchAny(q, [complaints.stallNo, complaints.description, merchants.name])
  return number ? sql`(${complaints.no} = ${Number(number[1])} or ${text})` : text
}

function listWhere(scope: MarketScope, filters: Filters, now: Date): SQL | undefined {
  return allOf(
    inScope(complaints.marketId, scope),
    filters.q ? searchCondition(filters.q) : undefined,
    filters.state ? eq(complaints.state, filters.state) : undefined,
    filters.category ? eq(complaints.category, filters.category) : undefined,
    filters.channel ? eq(complaints.channel, filters.channel) : undefined,
    filters.overdue ? overdueAt(now) : undefined,
    filters.merchant ? eq(complaints.merchantId, filters.merchant) : undefined,
    withinDays(complaints.receivedAt, filters),
  )
}

const ITEM_COLUMNS = {
  id: complaints.id,
  no: complaints.no,
  marketId: complaints.marketId,
  marketName: markets.name,
  channel: complaints.channel,
  category: complaints.category,
  stallNo: complaints.stallNo,
  merchantId: complaints.merchantId,
  merchantName: merchants.name,
  description: complaints.description,
  complainantName: complaints.complainantName,
  complainantContact: complaints.complainantContact,
  state: complaints.state,
  outcome: complaints.outcome,
  receivedAt: complaints.receivedAt,
  dueAt: complaints.dueAt,
  closedAt: complaints.closedAt,
}
/** A row as selected (the market and merchant are left joins). */
type ItemRow = {
  id: string
  no: number
  marketId: string
  marketName: string | null
  channel: string
  category: string
  stallNo: string
  merchantId: string | null
  merchantName: string | null
  description: string
  complainantName: string
  complainantContact: string
  state: string
  outcome: string | null
  receivedAt: Date
  dueAt: Date
  closedAt: Date | null
}

const isOpen = (state: string) => state === 'received' || state === 'handling'

/** A row as the list shows it: the complainant masked, overdue by `now`. */
function toItem(row: ItemRow, now: Date, reveal = false): ComplaintListItem {
  return {
    id: row.id,
    no: row.no,
    marketId: row.marketId,
    marketName: row.marketName ?? '',
    channel: row.channel as ComplaintChannel,
    category: row.category as ComplaintCategory,
    stallNo: row.stallNo,
    merchant: row.merchantId ? { id: row.merchantId, name: row.merchantName ?? '' } : null,
    description: row.description,
    complainantName: reveal ? row.complainantName : maskPersonName(row.complainantName),
    complainantContact: reveal ? row.complainantContact : maskPhone(row.complainantContact),
    state: row.state as ComplaintState,
    overdue: isOpen(row.state) && row.dueAt.getTime() < now.getTime(),
    outcome: row.outcome as ComplaintOutcome | null,
    receivedTime: formatShanghaiTime(row.receivedAt),
    dueTime: formatShanghaiTime(row.dueAt),
    closedTime: row.closedAt ? formatShanghaiTime(row.closedAt) : null,
  }
}

const selectItems = <Extra extends SelectedFields>(db: ReadDatabase, extra: Extra) =>
  db
    .select({ ...ITEM_COLUMNS, ...extra })
    .from(complaints)
    .leftJoin(markets, eq(markets.id, complaints.marketId))
    .leftJoin(merchants, eq(merchants.id, complaints.merchantId))

/** A page of the scope's complaints, newest first unless sorted otherwise. */
export async function listComplaints(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  query: ComplaintListQuery,
): Promise<ComplaintList> {
  const { db, clock } = deps
  const now = clock()
  const where = listWhere(marketScope(caller, query.market), query, now)
  const matches = db
    .select({ one: sql`1` })
    .from(complaints)
    .leftJoin(merchants, eq(merchants.id, complaints.merchantId))
    .where(where)
    .$dynamic()
  const [rows, counted] = await Promise.all([
    selectItems(db, {})
      .where(where)
      .orderBy(...orderBy(SORT_COLUMNS, query.sort, query.order, complaints.id))
      .limit(pageRange(query).limit)
      .offset(pageRange(query).offset),
    cappedCount(db, matches, COMPLAINT_COUNT_CAP),
  ])
  return { list: rows.map((row) => toItem(row, now)), ...counted }
}

const EXPORT_BATCH = 1_000

/** Every complaint the filters match, in the list's order, a batch at a time (keyset on the sort and id). */
export async function* exportComplaints(
  deps: { db: ReadDatabase; clock: () => Date },
  caller: Caller,
  query: Omit<ComplaintListQuery, 'page' | 'pageSize'>,
): AsyncGenerator<ComplaintListItem[]> {
  const now = deps.clock()
  const where = listWhere(marketScope(caller, query.market), query, now)
  // Few rows a market (tens a month): offset batches stay cheap; the order has a unique tiebreak.
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await selectItems(deps.db, {})
      .where(where)
      .orderBy(...orderBy(SORT_COLUMNS, query.sort, query.order, complaints.id))
      .limit(EXPORT_BATCH)
      .offset(offset)
    if (rows.length > 0) yield rows.map((row) => toItem(row, now))
    if (rows.length < EXPORT_BATCH) return
  }
}

/** The complaint in the caller's scope, or 40400 (another market's id answers as an unknown one). */
export async function findComplaint(db: Database | ReadDatabase, caller: Caller, id: string) {
  const [row] = await selectItems(db, {
    photoFileIds: complaints.photoFileIds,
    remedies: complaints.remedies,
  })
    .where(eq(complaints.id, id))
    .limit(1)
  if (!row || !isInScope(marketScope(caller), row.marketId))
    throw new ApiError(ApiCode.NOT_FOUND, 'error_complaint_not_found')
  return row
}

/** A complaint's page: the complainant whole (its handlers call back), photos, what was done, history. */
export async function getComplaintDetail(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  id: string,
): Promise<ComplaintDetail> {
  const row = await findComplaint(deps.db, caller, id)
  const steps = await deps.db
    .select({
      state: complaintSteps.state,
      at: complaintSteps.at,
      note: complaintSteps.note,
      actorUk: complaintSteps.actorUk,
      username: users.username,
    })
    .from(complaintSteps)
    .leftJoin(users, eq(users.uk, complaintSteps.actorUk))
    .where(and(eq(complaintSteps.complaintId, id), eq(complaintSteps.marketId, row.marketId)))
    .orderBy(asc(complaintSteps.at), asc(complaintSteps.id))
  return {
    ...toItem(row, deps.clock(), true),
    photoFileIds: row.photoFileIds,
    remedies: row.remedies as ComplaintRemedy[],
    steps: steps.map((step) => ({
      state: step.state as ComplaintState,
      time: formatShanghaiTime(step.at),
      actor: step.actorUk ? { uk: step.actorUk, username: step.username ?? step.actorUk } : null,
      note: step.note,
    })),
  }
}

/**
 * The scope's open complaints by state, and how many of them are overdue at the server's clock: one
 * read of the open ones (the partial index of open complaints), however many are closed.
 */
export async function complaintCounts(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  market: string | undefined,
): Promise<ComplaintCounts> {
  const now = deps.clock()
  const [row] = await deps.db
    .select({
      received: sql<string>`count(*) filter (where ${complaints.state} = 'received')`,
      handling: sql<string>`count(*) filter (where ${complaints.state} = 'handling')`,
      overdue: sql<string>`count(*) filter (where ${complaints.dueAt} < ${now.toISOString()}::timestamptz)`,
    })
    .from(complaints)
    .where(allOf(inScope(complaints.marketId, marketScope(caller, market)), OPEN))
  return {
    received: Number(row?.received ?? 0),
    handling: Number(row?.handling ?? 0),
    overdue: Number(row?.overdue ?? 0),
  }
}
