import * as v from 'valibot'
import { MarketQueryEntries } from './scope'
import { isPhoneNumber } from './china-ids'
import { COMPLAINT_CATEGORIES, COMPLAINT_CHANNELS, COMPLAINT_STATES, ComplaintListQuerySchema } from './complaint-list'
import { FileIdSchema, optionalText, requiredChoice } from './fields'
import { cappedListSchema } from './list'
import { cleanText } from './text'

/**
 * A shopper's complaint (issue 26 §2), registered by the market against a stall (and its merchant when
 * known), handled and resolved with an outcome, or withdrawn. The complainant's name and contact are
 * kept private: masked in lists and the export, shown whole on the complaint's page to its handlers.
 */

export const COMPLAINT_OUTCOMES = ['upheld', 'partly_upheld', 'not_upheld'] as const
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number]
/** What was done for the shopper or to the merchant once a complaint is upheld (wholly or partly). */
export const COMPLAINT_REMEDIES = ['refund', 'replacement', 'warning', 'fine'] as const
export type ComplaintRemedy = (typeof COMPLAINT_REMEDIES)[number]

/** Photos a complaint may carry (receipts, the produce, the scale's display). */
export const MAX_COMPLAINT_PHOTOS = 3
/** Days a market has to resolve a complaint unless it sets its own (markets.complaint_deadline_days). */
export const DEFAULT_COMPLAINT_DEADLINE_DAYS = 7

/** Stall numbers as markets paint them (A-12, 3区15), as the merchant form takes them; '' when not known. */
const OptionalStallSchema = v.optional(
  v.pipe(
    v.string('validation_invalid'),
    cleanText(),
    v.trim(),
    v.maxLength(20, 'validation_too_long'),
    v.check((value: string) => value === '' || /^[0-9A-Za-z\u4e00-\u9fff-]+$/.test(value), 'validation_stall_number'),
    v.toUpperCase(),
  ),
  '',
)

/** A phone number to call the shopper back on, or nothing. */
const OptionalContactSchema = v.optional(
  v.pipe(
    v.string('validation_phone'),
    cleanText(),
    v.trim(),
    v.maxLength(32, 'validation_phone'),
    v.check((value: string) => value === '' || isPhoneNumber(value), 'validation_phone'),
  ),
  '',
)

const DescriptionSchema = v.pipe(
  v.string('validation_required'),
  cleanText(true),
  v.trim(),
  v.nonEmpty('validation_required'),
  v.maxLength(1000, 'validation_too_long'),
)

const ComplaintFieldsObject = v.object({
  /** OFFICIAL names the market; a MARKET operator's is its own (another is refused). */
  marketId: v.optional(v.pipe(v.string('validation_market_required'), v.uuid('validation_market_required'))),
  channel: requiredChoice(COMPLAINT_CHANNELS),
  category: requiredChoice(COMPLAINT_CATEGORIES),
  /** The merchant complained about, when known; its stall is then the complaint's stall. */
  merchantId: v.nullish(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid')), null),
  stallNo: OptionalStallSchema,
  description: DescriptionSchema,
  complainantName: optionalText(30),
  complainantContact: OptionalContactSchema,
  photoFileIds: v.optional(
    v.pipe(
      v.array(FileIdSchema, 'validation_invalid'),
      v.maxLength(MAX_COMPLAINT_PHOTOS, 'validation_too_many_photos'),
      v.check((ids) => new Set(ids).size === ids.length, 'validation_invalid'),
    ),
    [],
  ),
})
type ComplaintFieldsShape = v.InferOutput<typeof ComplaintFieldsObject>

/** POST /api/complaints: a stall or a merchant is named (40000 on stallNo when neither is). */
export const RegisterComplaintSchema = v.pipe(
  ComplaintFieldsObject,
  v.forward<ComplaintFieldsShape, v.CheckIssue<ComplaintFieldsShape>, ['stallNo']>(
    v.check(({ merchantId, stallNo }) => Boolean(merchantId) || stallNo !== '', 'validation_complaint_target'),
    ['stallNo'] as never,
  ),
)
export type RegisterComplaintInput = v.InferInput<typeof RegisterComplaintSchema>
export type ComplaintFields = v.InferOutput<typeof RegisterComplaintSchema>

/**
 * A step's note: always sent (may be empty), so a body that is not the console's (an array, broken
 * JSON read as nothing) is refused rather than taken as "no note".
 */
const NoteSchema = v.pipe(
  v.string('validation_invalid'),
  cleanText(true),
  v.trim(),
  v.maxLength(500, 'validation_too_long'),
)

/** Taking a complaint up, or withdrawing it (the shopper took it back): a note is optional. */
export const ComplaintNoteSchema = v.object({ note: NoteSchema })

const ResolveObject = v.object({
  outcome: requiredChoice(COMPLAINT_OUTCOMES),
  remedies: v.optional(
    v.pipe(
      v.array(v.picklist(COMPLAINT_REMEDIES, 'validation_invalid'), 'validation_invalid'),
      v.check((remedies) => new Set(remedies).size === remedies.length, 'validation_invalid'),
    ),
    [],
  ),
  note: NoteSchema,
})
type ResolveShape = v.InferOutput<typeof ResolveObject>

/** Resolving: the outcome, what was done (nothing for a complaint not upheld), a note. */
export const ResolveComplaintSchema = v.pipe(
  ResolveObject,
  v.forward<ResolveShape, v.CheckIssue<ResolveShape>, ['remedies']>(
    v.check(
      ({ outcome, remedies }) => outcome !== 'not_upheld' || remedies.length === 0,
      'validation_complaint_no_remedy',
    ),
    ['remedies'] as never,
  ),
)
export type ResolveComplaintInput = v.InferInput<typeof ResolveComplaintSchema>

export { ComplaintListQuerySchema }
/** The export takes the list's filters and order, not its page. */
export const ComplaintExportQuerySchema = v.omit(v.object(ComplaintListQuerySchema.entries), ['page', 'pageSize'])

const NamedSchema = v.object({ id: v.string(), name: v.string() })

const ComplaintListItemSchema = v.object({
  id: v.string(),
  /** The market's own running number, from 1. */
  no: v.number(),
  marketId: v.string(),
  marketName: v.string(),
  channel: v.picklist(COMPLAINT_CHANNELS),
  category: v.picklist(COMPLAINT_CATEGORIES),
  stallNo: v.string(),
  merchant: v.nullable(NamedSchema),
  description: v.string(),
  /** Masked: the name's first character, the number's first three and last four digits. */
  complainantName: v.string(),
  complainantContact: v.string(),
  state: v.picklist(COMPLAINT_STATES),
  /** Still open past its due time, by the server's clock. */
  overdue: v.boolean(),
  outcome: v.nullable(v.picklist(COMPLAINT_OUTCOMES)),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  receivedTime: v.string(),
  dueTime: v.string(),
  closedTime: v.nullable(v.string()),
})
export type ComplaintListItem = v.InferOutput<typeof ComplaintListItemSchema>
/**
 * Where the complaints list stops counting: a search matching one complaint in five across the
 * platform read 50,000 rows to count to 10,000 (44 ms at 100,000 complaints); nobody pages past 50.
 */
export const COMPLAINT_COUNT_CAP = 1_000

/** A page of complaints, the total counted up to COMPLAINT_COUNT_CAP ("1,000+" past it). */
export const ComplaintListSchema = cappedListSchema(ComplaintListItemSchema)
export type ComplaintList = v.InferOutput<typeof ComplaintListSchema>

/** The open complaints of the scope, for the Workplace: each count links to the list filtered by it. */
export const ComplaintCountsSchema = v.object({
  received: v.number(),
  handling: v.number(),
  overdue: v.number(),
})
export type ComplaintCounts = v.InferOutput<typeof ComplaintCountsSchema>
/** Whose counts: a market, or (OFFICIAL) every market. */
export const ComplaintCountsQuerySchema = v.object({ ...MarketQueryEntries })

/** One step of a complaint's history: the state it moved to, who moved it and when, their note. */
const ComplaintStepSchema = v.object({
  state: v.picklist(COMPLAINT_STATES),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  time: v.string(),
  actor: v.nullable(v.object({ uk: v.string(), username: v.string() })),
  note: v.string(),
})

/** A complaint's page: the complainant shown whole (its handlers need to call back), its photos and history. */
export const ComplaintDetailSchema = v.object({
  ...ComplaintListItemSchema.entries,
  photoFileIds: v.array(v.string()),
  remedies: v.array(v.picklist(COMPLAINT_REMEDIES)),
  steps: v.array(ComplaintStepSchema),
})
export type ComplaintDetail = v.InferOutput<typeof ComplaintDetailSchema>

export const ComplaintRegisteredSchema = v.object({ id: v.string(), no: v.number() })

/** The CSV export's columns, in order (the complainant masked as in the list). */
export const COMPLAINT_EXPORT_COLUMNS = [
  'no',
  'marketName',
  'receivedTime',
  'channel',
  'category',
  'stallNo',
  'merchant',
  'description',
  'complainantName',
  'complainantContact',
  'state',
  'overdue',
  'outcome',
  'dueTime',
  'closedTime',
] as const satisfies readonly (keyof ComplaintListItem)[]
