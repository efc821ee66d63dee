import * as v from 'valibot'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder, rangeWithinMaxDays } from './date-range'
import { TEST_RESULTS } from './device-api'
import { listQuery } from './list'
import { MarketQueryEntries, MarketScopeSearchSchema } from './scope'
import { RecordFilterQueryEntries, RecordFilterSearchEntries } from './record-filters'

/**
 * The pesticide-test history's query (issue 25 §3), in its own small file (the route's search schema
 * loads with the first page). Every test of the scope within Asia/Shanghai days (`from`/`to`, both
 * included; the last 7 days when neither is given, contract/pesticide-test-days.ts; at most 31 days a query), newest first, or the
 * failures first (`sort=failures`). `q` searches the produce; `stall`, `merchant`, `device` and
 * `result` narrow it. Tests are a few a market a day, so it pages by offset.
 */
export const PESTICIDE_TEST_SORTS = ['time', 'failures'] as const
export type PesticideTestSort = (typeof PESTICIDE_TEST_SORTS)[number]

export const PESTICIDE_TEST_LIST = listQuery({
  sorts: PESTICIDE_TEST_SORTS,
  defaultSort: 'time',
  defaultOrder: 'desc',
  filters: { result: TEST_RESULTS },
})

const PesticideTestQueryObject = v.object({
  ...PESTICIDE_TEST_LIST.query.entries,
  ...MarketQueryEntries,
  ...DateRangeQueryEntries,
  ...RecordFilterQueryEntries,
})
type PesticideTestQueryShape = v.InferOutput<typeof PesticideTestQueryObject>

/** GET /api/pesticide-tests's query (strict: a bad value is 40000; so are `to` before `from` and more than 31 days). */
export const PesticideTestListQuerySchema = v.pipe(
  PesticideTestQueryObject,
  dateRangeInOrder<PesticideTestQueryShape>(),
  rangeWithinMaxDays<PesticideTestQueryShape>(),
)
export type PesticideTestListQuery = v.InferOutput<typeof PesticideTestListQuerySchema>

/** GET /api/pesticide-tests/export's query: the list's filters and order, not its page. */
const PesticideTestExportObject = v.omit(PesticideTestQueryObject, ['page', 'pageSize'])
type PesticideTestExportShape = v.InferOutput<typeof PesticideTestExportObject>
export const PesticideTestExportQuerySchema = v.pipe(
  PesticideTestExportObject,
  dateRangeInOrder<PesticideTestExportShape>(),
  rangeWithinMaxDays<PesticideTestExportShape>(),
)
export type PesticideTestExportQuery = v.InferOutput<typeof PesticideTestExportQuerySchema>

/** The route's search (lenient: a bad value is dropped): the list's, the switcher's, the days, the rest. */
export const PesticideTestSearchSchema = v.object({
  ...PESTICIDE_TEST_LIST.search.entries,
  ...MarketScopeSearchSchema.entries,
  ...DateRangeSearchSchema.entries,
  ...RecordFilterSearchEntries,
})
export type PesticideTestSearch = v.InferOutput<typeof PesticideTestSearchSchema>
