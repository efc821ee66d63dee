import * as v from 'valibot'
import { PAYMENT_METHODS } from './device-api'
import { DateRangeQueryEntries, DateRangeSearchSchema, dateRangeInOrder, withinMaxRange } from './date-range'
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

const RangeObject = v.object({ ...DateRangeQueryEntries })
type PlainRange = v.InferOutput<typeof RangeObject>
/** GET /api/statements/platform and /merchant/:id: a range of days. */
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

export const PlatformStatementSchema = v.object({
  from: v.string(),
  to: v.string(),
  /** One row per market (every market, those without trade at zero), by name. */
  markets: v.array(v.object({ marketId: v.string(), marketName: v.string(), ...figures })),
  totals: FiguresSchema,
})
export type PlatformStatement = v.InferOutput<typeof PlatformStatementSchema>

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
