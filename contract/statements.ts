import * as v from 'valibot'
import { PAYMENT_METHODS } from './device-api'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder, withinMaxRange } from './date-range'
import { listQuery } from './list'
import { MarketQueryEntries, MarketScopeSearchSchema } from './scope'

/**
 * Daily statements (issue 25 §2): what each merchant took in a range of Asia/Shanghai days, by
 * payment method, less refunds; a market's totals; the platform's markets. Money in integer fen.
 * `from`/`to` both included (one end alone: that day; neither: today); at most MAX_RANGE_DAYS (31) days in one request.
 */

type Range = { from?: string | undefined; to?: string | undefined }
/** More than MAX_RANGE_DAYS days (contract/date-range.ts) is 40000 on `to`. */
const withinCap = <T extends Range>() =>
  v.forward<T, v.CheckIssue<T>, ['to']>(
    v.check<T, 'validation_statement_range'>(withinMaxRange, 'validation_statement_range'),
    ['to'] as never,
  )

/** `xlsx` or `csv`: what an export answers (`GET …/export?format=`). */
const STATEMENT_FORMATS = ['csv', 'xlsx'] as const
const FormatEntries = { format: v.optional(v.picklist(STATEMENT_FORMATS, 'validation_invalid'), 'csv') }

const MarketObject = v.object({ ...MarketQueryEntries, ...DateRangeQueryEntries })
type MarketRange = v.InferOutput<typeof MarketObject>
/** GET /api/statements/market: OFFICIAL names `market` (required); MARKET gets its own whatever it says. */
export const MarketStatementQuerySchema = v.pipe(
  MarketObject,
  dateRangeInOrder<MarketRange>(),
  withinCap<MarketRange>(),
)
const MarketExportObject = v.object({ ...MarketObject.entries, ...FormatEntries })
type MarketExport = v.InferOutput<typeof MarketExportObject>
export const MarketStatementExportSchema = v.pipe(
  MarketExportObject,
  dateRangeInOrder<MarketExport>(),
  withinCap<MarketExport>(),
)

/**
 * The platform's statement is a list of markets (1,000 and more): paged, sorted and searched by name on
 * the server with the kit's list pieces (contract/list.ts); the totals are the platform's whatever the page.
 */
const PLATFORM_STATEMENT_SORTS = ['name', 'payments', 'paymentFen', 'refunds', 'refundFen', 'netFen'] as const
export type PlatformStatementSort = (typeof PLATFORM_STATEMENT_SORTS)[number]
const PLATFORM_STATEMENT_LIST = listQuery({
  sorts: PLATFORM_STATEMENT_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
})
const PlatformObject = v.object({ ...PLATFORM_STATEMENT_LIST.query.entries, ...DateRangeQueryEntries })
type PlatformRange = v.InferOutput<typeof PlatformObject>
/** GET /api/statements/platform: a page of markets over a range of days. */
export const PlatformStatementQuerySchema = v.pipe(
  PlatformObject,
  dateRangeInOrder<PlatformRange>(),
  withinCap<PlatformRange>(),
)
export type PlatformStatementQuery = v.InferOutput<typeof PlatformStatementQuerySchema>

const RangeObject = v.object({ ...DateRangeQueryEntries })
type PlainRange = v.InferOutput<typeof RangeObject>
/** GET /api/statements/merchant/:id: a range of days. */
export const StatementRangeQuerySchema = v.pipe(RangeObject, dateRangeInOrder<PlainRange>(), withinCap<PlainRange>())
const RangeExportObject = v.object({ ...RangeObject.entries, ...FormatEntries })
type RangeExport = v.InferOutput<typeof RangeExportObject>
export const StatementRangeExportSchema = v.pipe(
  RangeExportObject,
  dateRangeInOrder<RangeExport>(),
  withinCap<RangeExport>(),
)

const figures = {
  payments: v.number(),
  paymentFen: v.number(),
  refunds: v.number(),
  refundFen: v.number(),
  /** Payments less refunds, fen. */
  netFen: v.number(),
}
const FiguresSchema = v.object(figures)
export type StatementFigures = v.InferOutput<typeof FiguresSchema>
const MethodFiguresSchema = v.object({ method: v.picklist(PAYMENT_METHODS), ...figures })
export type MethodFigures = v.InferOutput<typeof MethodFiguresSchema>
/** Figures with their split by method (only the methods that traded). */
const SplitSchema = v.object({ ...figures, methods: v.array(MethodFiguresSchema) })

export const MarketStatementSchema = v.object({
  market: v.object({ id: v.string(), name: v.string() }),
  from: v.string(),
  to: v.string(),
  /** One row per merchant that traded, by stall; payments of a stall with no merchant bound: merchantId null. */
  merchants: v.array(
    v.object({
      merchantId: v.nullable(v.string()),
      merchantName: v.string(),
      stallNo: v.string(),
      ...SplitSchema.entries,
    }),
  ),
  /** The market's totals: the dashboard's figures for the same days, from the same rollups. */
  totals: SplitSchema,
})
export type MarketStatement = v.InferOutput<typeof MarketStatementSchema>

const PlatformRowSchema = v.object({ marketId: v.string(), marketName: v.string(), ...figures })
export const PlatformStatementSchema = v.object({
  from: v.string(),
  to: v.string(),
  /** A page of markets (every market, those without trade at zero), in the asked order. */
  list: v.array(PlatformRowSchema),
  /** The markets matching `q` (all pages). */
  total: v.number(),
  /** The platform's totals (every market, whatever the page). */
  totals: FiguresSchema,
})
export type PlatformStatement = v.InferOutput<typeof PlatformStatementSchema>
/** Every market's row at once: what the platform's export and print view hold (not an API answer). */
export type PlatformStatementWhole = Omit<PlatformStatement, 'list' | 'total'> & {
  markets: v.InferOutput<typeof PlatformRowSchema>[]
}

export const MerchantStatementSchema = v.object({
  merchant: v.object({
    id: v.string(),
    name: v.string(),
    stallNo: v.string(),
    marketId: v.string(),
    marketName: v.string(),
  }),
  from: v.string(),
  to: v.string(),
  /** Every day of the range, oldest first (days without trade at zero). */
  days: v.array(v.object({ day: v.string(), ...SplitSchema.entries })),
  totals: SplitSchema,
})
export type MerchantStatement = v.InferOutput<typeof MerchantStatementSchema>

/** The console's search: the switcher's market and the days (lenient). */
export const StatementSearchSchema = v.object({ ...MarketScopeSearchSchema.entries, ...DateRangeSearchSchema.entries })
export type StatementSearch = v.InferOutput<typeof StatementSearchSchema>
