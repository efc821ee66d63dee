import * as v from 'valibot'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder, rangeWithinMaxDays } from './date-range'
import { PAYMENT_METHODS } from './device-api'
import { listQuery } from './list'
import { RecordFilterQueryEntries, RecordFilterSearchEntries } from './record-filters'
import { MarketQueryEntries, MarketScopeSearchSchema } from './scope'
import { isCalendarDay, shanghaiDayStart } from './time'

/**
 * The transactions list's query (issue 25 §1), in its own small file (the route's search schema loads
 * with the first page). Every payment and refund of the scope, newest first by default, within
 * Asia/Shanghai days (`from`/`to`, both included; today when absent; at most 31 days a query).
 * `q` is a device's event id, matched exactly. Paged by a cursor, never by an offset: `after` (the next
 * page: rows past this position in the list's order), `before` (the previous page) or `at` (the page
 * starting at a Shanghai time, `YYYY-MM-DD HH:mm`, when sorted by time). `page` is not used.
 */
export const TRANSACTION_SORTS = ['time', 'amount'] as const
export type TransactionSort = (typeof TRANSACTION_SORTS)[number]
export const TRANSACTION_KINDS = ['payment', 'refund'] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

export const TRANSACTION_LIST = listQuery({
  sorts: TRANSACTION_SORTS,
  defaultSort: 'time',
  defaultOrder: 'desc',
  filters: { method: PAYMENT_METHODS, kind: TRANSACTION_KINDS },
})

/**
 * A position in the list: the sort's value (a time in microseconds since 1970, or an amount in fen)
 * and the row's id, `1795783296421000-12345`. Digits only, bounded, so nothing reaches SQL unparsed.
 */
const CURSOR = /^\d{1,17}-\d{1,18}$/
const isTransactionCursor = (text: string) => CURSOR.test(text)

/** A Shanghai wall-clock minute, `YYYY-MM-DD HH:mm` (a `T` between is accepted too). */
const WALL_MINUTE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/
/** The instant a Shanghai minute starts, or null when the text is not a real minute. */
export function shanghaiMinute(text: string): Date | null {
  const match = WALL_MINUTE.exec(text)
  if (!match || !isCalendarDay(match[1] as string)) return null
  const [hours, minutes] = [Number(match[2]), Number(match[3])]
  if (hours > 23 || minutes > 59) return null
  return new Date(shanghaiDayStart(match[1] as string).getTime() + (hours * 60 + minutes) * 60_000)
}

/** Whole fen, from 0 to 10^12 (ten billion yuan: past any payment a stall takes). */
export const MAX_AMOUNT_FEN = 1_000_000_000_000
const fen = v.optional(
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.regex(/^\d{1,13}$/, 'validation_invalid'), v.transform(Number))],
      'validation_invalid',
    ),
    v.integer('validation_invalid'),
    v.minValue(0, 'validation_invalid'),
    v.maxValue(MAX_AMOUNT_FEN, 'validation_invalid'),
  ),
)
const cursor = v.optional(v.pipe(v.string('validation_invalid'), v.check(isTransactionCursor, 'validation_invalid')))

const TransactionQueryObject = v.object({
  ...v.omit(TRANSACTION_LIST.query, ['page']).entries,
  ...MarketQueryEntries,
  ...DateRangeQueryEntries,
  ...RecordFilterQueryEntries,
  amountMin: fen,
  amountMax: fen,
  after: cursor,
  before: cursor,
  at: v.optional(
    v.pipe(
      v.string('validation_invalid'),
      v.check((text) => shanghaiMinute(text) !== null, 'validation_invalid'),
    ),
  ),
})
type TransactionQueryShape = v.InferOutput<typeof TransactionQueryObject>

/** A maximum below the minimum is 40000 on `amountMax`. */
const amountsInOrder = <T extends { amountMin?: number | undefined; amountMax?: number | undefined }>() =>
  v.forward<T, v.CheckIssue<T>, ['amountMax']>(
    v.check<T, 'validation_amount_order'>(
      ({ amountMin, amountMax }) => amountMin === undefined || amountMax === undefined || amountMin <= amountMax,
      'validation_amount_order',
    ),
    ['amountMax'] as never,
  )

/**
 * GET /api/transactions's query (strict: a bad value is 40000; so are `to` before `from`, more than 31
 * days, a maximum below the minimum, and more than one of `after`, `before` and `at`).
 */
export const TransactionListQuerySchema = v.pipe(
  TransactionQueryObject,
  v.forward<TransactionQueryShape, v.CheckIssue<TransactionQueryShape>, ['after']>(
    v.check(
      ({ after, before, at }) => [after, before, at].filter((value) => value !== undefined).length <= 1,
      'validation_invalid',
    ),
    ['after'] as never,
  ),
  v.forward<TransactionQueryShape, v.CheckIssue<TransactionQueryShape>, ['at']>(
    v.check(({ at, sort }) => at === undefined || sort === 'time', 'validation_invalid'),
    ['at'] as never,
  ),
  dateRangeInOrder<TransactionQueryShape>(),
  rangeWithinMaxDays<TransactionQueryShape>(),
  amountsInOrder<TransactionQueryShape>(),
)
export type TransactionListQuery = v.InferOutput<typeof TransactionListQuerySchema>

/** GET /api/transactions/export's query: the list's filters and order, not its page. */
const TransactionExportObject = v.omit(TransactionQueryObject, ['pageSize', 'after', 'before', 'at'])
type TransactionExportShape = v.InferOutput<typeof TransactionExportObject>
export const TransactionExportQuerySchema = v.pipe(
  TransactionExportObject,
  dateRangeInOrder<TransactionExportShape>(),
  rangeWithinMaxDays<TransactionExportShape>(),
  amountsInOrder<TransactionExportShape>(),
)
export type TransactionExportQuery = v.InferOutput<typeof TransactionExportQuerySchema>
/** What both read: the filters (the list's and the export's). */
export type TransactionFilters = Omit<TransactionExportQuery, 'market' | 'sort' | 'order'>

const LenientFen = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,13}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(0),
      v.maxValue(MAX_AMOUNT_FEN),
    ),
  ),
  undefined,
)
const LenientCursor = v.fallback(v.optional(v.pipe(v.string(), v.check(isTransactionCursor))), undefined)

/** The route's search (lenient: a bad value is dropped): the list's, the switcher's, the days, the rest. */
export const TransactionSearchSchema = v.object({
  ...TRANSACTION_LIST.search.entries,
  ...MarketScopeSearchSchema.entries,
  ...DateRangeSearchSchema.entries,
  ...RecordFilterSearchEntries,
  amountMin: LenientFen,
  amountMax: LenientFen,
  after: LenientCursor,
  before: LenientCursor,
  at: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.check((text) => shanghaiMinute(text) !== null),
      ),
    ),
    undefined,
  ),
})
export type TransactionSearch = v.InferOutput<typeof TransactionSearchSchema>
