import * as v from 'valibot'
import { AUDIT_ACTIONS, AUDIT_AREAS } from './audit'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder } from './date-range'
import { listQuery, type ListQueryOf } from './list'
import { MarketQueryEntries, MarketScopeSearchSchema } from './scope'

/**
 * The operation log's query, in its own small file (the route's search schema loads with the first
 * page). Newest first, always: the log is read back from now. Filters: area and action (fixed sets),
 * `actor` (an account's uk: who did it), `record` (a record's id: everything done to it), `from`/`to`
 * (Asia/Shanghai days, both included), `market` (OFFICIAL's switcher; a MARKET caller always gets its
 * own), and `q`, the actor's username containing the text.
 */
export const AUDIT_SORTS = ['at'] as const

export const AUDIT_LIST = listQuery({
  sorts: AUDIT_SORTS,
  defaultSort: 'at',
  defaultOrder: 'desc',
  filters: { area: AUDIT_AREAS, action: AUDIT_ACTIONS },
})

/** An account's uk or a record's id: 40000 when it is not one (both are uuids). */
const id = v.optional(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid')))
const LenientId = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined)

const AuditQueryObject = v.object({
  ...AUDIT_LIST.query.entries,
  ...MarketQueryEntries,
  ...DateRangeQueryEntries,
  actor: id,
  record: id,
})

/** GET /api/audit's query (strict: a bad value is 40000; `to` before `from` too). */
export const AuditListQuerySchema = v.pipe(AuditQueryObject, dateRangeInOrder<v.InferOutput<typeof AuditQueryObject>>())
export type AuditListQuery = ListQueryOf<typeof AUDIT_LIST> & v.InferOutput<typeof AuditQueryObject>

/** GET /api/audit/export's query: the list's filters, not its page. */
const AuditExportObject = v.omit(AuditQueryObject, ['page', 'pageSize', 'sort', 'order'])
export const AuditExportQuerySchema = v.pipe(
  AuditExportObject,
  dateRangeInOrder<v.InferOutput<typeof AuditExportObject>>(),
)
export type AuditExportQuery = v.InferOutput<typeof AuditExportQuerySchema>

/** The route's search (lenient): the list's, the switcher's, the days, the account and the record. */
export const AuditSearchSchema = v.object({
  ...AUDIT_LIST.search.entries,
  ...MarketScopeSearchSchema.entries,
  ...DateRangeSearchSchema.entries,
  actor: LenientId,
  record: LenientId,
})
export type AuditSearch = v.InferOutput<typeof AuditSearchSchema>
