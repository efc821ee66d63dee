import * as v from 'valibot'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder } from './date-range'
import { listQuery } from './list'
import { MarketQueryEntries, MarketScopeSearchSchema } from './scope'

/**
 * The complaints list's query (issue 26 §2), in its own small file (the route's search schema loads
 * with the first page). A shopper's complaint moves received → handling → resolved, or is withdrawn;
 * one still open past its due time is overdue (computed from the server's clock, never stored).
 */
export const COMPLAINT_STATES = ['received', 'handling', 'resolved', 'withdrawn'] as const
export type ComplaintState = (typeof COMPLAINT_STATES)[number]

/** How the shopper complained: the market's complaint number, in person at the office, online. */
export const COMPLAINT_CHANNELS = ['phone', 'in_person', 'online'] as const
export type ComplaintChannel = (typeof COMPLAINT_CHANNELS)[number]

export const COMPLAINT_CATEGORIES = ['short_weight', 'quality', 'price', 'hygiene', 'attitude', 'other'] as const
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number]

/** `overdue=yes`: only the open complaints past their due time. */
const OVERDUE_FILTER = ['yes'] as const

export const COMPLAINT_SORTS = ['receivedAt', 'dueAt', 'no'] as const

export const COMPLAINT_LIST = listQuery({
  sorts: COMPLAINT_SORTS,
  defaultSort: 'receivedAt',
  filters: {
    state: COMPLAINT_STATES,
    category: COMPLAINT_CATEGORIES,
    channel: COMPLAINT_CHANNELS,
    overdue: OVERDUE_FILTER,
  },
})

const MerchantFilterEntries = {
  merchant: v.optional(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid'))),
}

/** The API's query: the list's, the market, a merchant and the days it was received in. */
const ComplaintQueryObject = v.object({
  ...COMPLAINT_LIST.query.entries,
  ...MarketQueryEntries,
  ...MerchantFilterEntries,
  ...DateRangeQueryEntries,
})
export const ComplaintListQuerySchema = v.pipe(
  ComplaintQueryObject,
  dateRangeInOrder<v.InferOutput<typeof ComplaintQueryObject>>(),
)
export type ComplaintListQuery = v.InferOutput<typeof ComplaintListQuerySchema>

/** The route's search: lenient, so an old link still opens. */
export const ComplaintListSearchSchema = v.object({
  ...COMPLAINT_LIST.search.entries,
  ...MarketScopeSearchSchema.entries,
  merchant: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  ...DateRangeSearchSchema.entries,
})
