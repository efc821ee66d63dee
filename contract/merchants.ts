import * as v from 'valibot'
import { CreditReasonCountSchema } from './credit'
import { isUnifiedSocialCreditCode } from './china-ids'
import {
  FileIdSchema,
  IdCardSchema,
  MobileSchema,
  idParam,
  optionalText,
  requiredChoice,
  requiredText,
  wholeNumber,
} from './fields'
import { cappedListSchema, type ListQueryOf } from './list'
import { DEVICE_KINDS } from './device-list'
import { LICENCE_STATES } from './licence-state'
import { MerchantLicencesSchema } from './licences'
import { BUSINESS_CATEGORIES, MERCHANT_LIST, MERCHANT_STATUSES } from './merchant-list'
import { MarketQueryEntries } from './scope'
import { cleanText } from './text'

/** A merchant's registration (SPEC §3, issue 8): the form's fields, shared by the console and the server. */

export const GENDERS = ['male', 'female'] as const
/** Political affiliation as Chinese forms ask it; '' when not given. */
export const POLITICAL_AFFILIATIONS = ['masses', 'cpc_member', 'cyl_member', 'democratic_party', 'other'] as const
/** Highest education completed; '' when not given. */
export const EDUCATION_LEVELS = [
  'primary',
  'junior_high',
  'senior_high',
  'college',
  'bachelor',
  'postgraduate',
] as const

/** The three bank numbers: fixed once a value is saved (a bank number left empty may be given once, later). */
export const FIXED_BANK_FIELDS = ['bankMerchantNo', 'otherBankNo', 'paymentSubMerchantNo'] as const
export type FixedBankField = (typeof FIXED_BANK_FIELDS)[number]

const MERCHANT_AGE = { min: 16, max: 100 } as const

/** Letters, digits and hyphens, as banks print merchant and store numbers. */
const BANK_NUMBER = /^[0-9A-Za-z-]{4,32}$/
const BankNumberSchema = v.pipe(requiredText(32), v.regex(BANK_NUMBER, 'validation_bank_number'))
const OptionalBankNumberSchema = v.optional(
  v.pipe(
    v.string('validation_bank_number'),
    cleanText(),
    v.trim(),
    v.check((value: string) => value === '' || BANK_NUMBER.test(value), 'validation_bank_number'),
  ),
  '',
)

/** Stall numbers as markets paint them: A-12, 3区15, B201. */
const StallNumberSchema = v.pipe(
  requiredText(20),
  v.regex(/^[0-9A-Za-z\u4e00-\u9fff-]+$/, 'validation_stall_number'),
  v.toUpperCase(),
)

/** Optional for individual stallholders; checked (and upper-cased) when given. */
const OptionalCreditCodeSchema = v.optional(
  v.pipe(
    v.string('validation_credit_code'),
    cleanText(),
    v.trim(),
    v.toUpperCase(),
    v.maxLength(64, 'validation_credit_code'),
    v.check((value: string) => value === '' || isUnifiedSocialCreditCode(value), 'validation_credit_code'),
  ),
  '',
)

const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.optional(v.picklist(['', ...options] as const, 'validation_invalid'), '')

export const MerchantFieldsSchema = v.object({
  name: requiredText(30),
  bankMerchantNo: BankNumberSchema,
  otherBankNo: OptionalBankNumberSchema,
  paymentSubMerchantNo: OptionalBankNumberSchema,
  stallNo: StallNumberSchema,
  phone: MobileSchema,
  idCardNo: IdCardSchema,
  creditCode: OptionalCreditCodeSchema,
  category: requiredChoice(BUSINESS_CATEGORIES),
  age: wholeNumber(MERCHANT_AGE.min, MERCHANT_AGE.max, 'validation_merchant_age'),
  gender: requiredChoice(GENDERS),
  political: optionalChoice(POLITICAL_AFFILIATIONS),
  education: optionalChoice(EDUCATION_LEVELS),
  address: optionalText(200),
  notes: optionalText(500, true),
  healthCertificateFileId: v.nullish(FileIdSchema, null),
  foodLicenceFileId: v.nullish(FileIdSchema, null),
})
export type MerchantFields = v.InferOutput<typeof MerchantFieldsSchema>
export type MerchantFieldsInput = v.InferInput<typeof MerchantFieldsSchema>

/** Its two licences, written with it (issue 26 §1); absent from an edit, they stay as they are. */
const LicenceEntries = { licences: v.optional(MerchantLicencesSchema) }

/** OFFICIAL names the market; a MARKET operator's is implied (and any other it names is refused). */
export const CreateMerchantSchema = v.object({
  ...MerchantFieldsSchema.entries,
  ...LicenceEntries,
  marketId: v.optional(v.pipe(v.string('validation_market_required'), v.uuid('validation_market_required'))),
})
export type CreateMerchantInput = v.InferInput<typeof CreateMerchantSchema>
/** An edit never moves a merchant to another market. */
export const UpdateMerchantSchema = v.object({ ...MerchantFieldsSchema.entries, ...LicenceEntries })
export type UpdateMerchantInput = v.InferInput<typeof UpdateMerchantSchema>

export const MerchantListQuerySchema = v.object({ ...MERCHANT_LIST.query.entries, ...MarketQueryEntries })
export type MerchantListQuery = ListQueryOf<typeof MERCHANT_LIST> & { market?: string | undefined }
/** The export takes the list's filters, not its page (rows come newest first). */
export const MerchantExportQuerySchema = v.omit(MerchantListQuerySchema, ['page', 'pageSize', 'sort', 'order'])
export type MerchantExportQuery = v.InferOutput<typeof MerchantExportQuerySchema>

const MerchantListItemSchema = v.object({
  id: v.string(),
  marketId: v.string(),
  marketName: v.string(),
  accountUsername: v.string(),
  stallNo: v.string(),
  name: v.string(),
  phone: v.string(),
  category: v.picklist(BUSINESS_CATEGORIES),
  creditCode: v.string(),
  status: v.picklist(MERCHANT_STATUSES),
  /** The worse of its two licences' states (issue 26 §1), as stored for the list (kept current daily). */
  licenceState: v.picklist(LICENCE_STATES),
  /** Its credit, 1 to 5 stars (issue 26 §3): computed by the server from the market's records. */
  creditStars: v.number(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  createdTime: v.string(),
})
export type MerchantListItem = v.InferOutput<typeof MerchantListItemSchema>
/**
 * Its total is exact (merchant_counts) except by licence state or stars, which are counted up to
 * LIST_COUNT_CAP ("10,000+"): no table keeps them, and 150,000 five-star merchants cost more to count
 * than to page.
 */
export const MerchantListSchema = cappedListSchema(MerchantListItemSchema)
export type MerchantList = v.InferOutput<typeof MerchantListSchema>

export const MerchantSchema = v.object({
  ...MerchantListItemSchema.entries,
  bankMerchantNo: v.string(),
  otherBankNo: v.string(),
  paymentSubMerchantNo: v.string(),
  idCardNo: v.string(),
  age: v.number(),
  gender: v.picklist(GENDERS),
  political: v.picklist(['', ...POLITICAL_AFFILIATIONS]),
  education: v.picklist(['', ...EDUCATION_LEVELS]),
  address: v.string(),
  notes: v.string(),
  healthCertificateFileId: v.nullable(v.string()),
  foodLicenceFileId: v.nullable(v.string()),
})
export type Merchant = v.InferOutput<typeof MerchantSchema>

/** A device bound to the merchant, as its page lists it (online = seen in the last two minutes). */
const MerchantDeviceSchema = v.object({
  id: v.string(),
  code: v.string(),
  kind: v.picklist(DEVICE_KINDS),
  online: v.boolean(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai; null before the first call. */
  lastSeenTime: v.nullable(v.string()),
})

/**
 * A merchant's page (read-only): every field but the ID card number and the bank numbers, which come
 * masked (the last four characters shown), and the devices bound to it now.
 */
export const MerchantDetailSchema = v.object({
  ...MerchantSchema.entries,
  devices: v.array(MerchantDeviceSchema),
  /** Why its credit is what it is: each kind of record counted, and the points it adds (contract/credit.ts). */
  credit: v.object({
    points: v.number(),
    reasons: v.array(CreditReasonCountSchema),
    /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai; null before any record counted. */
    computedTime: v.nullable(v.string()),
  }),
})
export type MerchantDetail = v.InferOutput<typeof MerchantDetailSchema>

/** The answer to a registration: the account made with it, its initial password shown once. */
export const MerchantCreatedSchema = v.object({ id: v.string(), accountUsername: v.string(), clearPwd: v.string() })

export const MerchantIdParamSchema = idParam('error_merchant_not_found')

/** The CSV export's columns, in order (headers are the list's column words). */
export const MERCHANT_EXPORT_COLUMNS = [
  'marketName',
  'accountUsername',
  'stallNo',
  'name',
  'phone',
  'category',
  'creditCode',
  'status',
  'licenceState',
  'creditStars',
  'createdTime',
] as const satisfies readonly (keyof MerchantListItem)[]
