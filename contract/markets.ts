import * as v from 'valibot'
import { isMainlandMobile, isPhoneNumber, isUnifiedSocialCreditCode } from './china-ids'
import { PagingSchema, listSchema, queryInt } from './list'
import { MARKET_SORTS, type MarketSort } from './market-sorts'
import { Md5HexSchema } from './password'

/** Banks a market settles through. Fixed once the market is registered (SPEC §3). */
export const PAYMENT_BANKS = ['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM', 'PSBC', 'RCC'] as const
export type PaymentBank = (typeof PAYMENT_BANKS)[number]

export const MAX_MARKET_PHOTOS = 3

/** Area code (0 + 2–3 digits) followed by the market's own digits, e.g. 0314888. */
export const MARKET_USERNAME_PATTERN = /^0\d{2,3}\d{3,8}$/

const required = (max: number, tooLong = 'validation_too_long') =>
  v.pipe(v.string('validation_required'), v.trim(), v.nonEmpty('validation_required'), v.maxLength(max, tooLong))

const fileId = v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid'))

export const MarketUsernameSchema = v.pipe(
  v.string('validation_required'),
  v.trim(),
  v.nonEmpty('validation_required'),
  v.regex(MARKET_USERNAME_PATTERN, 'validation_market_username'),
)

/** The registration form's fields, shared by the console's form and the server (SPEC §3). */
export const MarketFieldsSchema = v.object({
  paymentBank: v.picklist(PAYMENT_BANKS, 'validation_required'),
  accountUsername: MarketUsernameSchema,
  accountStatus: v.picklist([1, 2], 'validation_required'),
  /** YYYY-MM-DD, the day the market registered (Asia/Shanghai). */
  registeredOn: v.pipe(v.string('validation_required'), v.nonEmpty('validation_required'), v.isoDate('validation_date')),
  name: required(60),
  creditCode: v.pipe(
    v.string('validation_required'),
    v.trim(),
    v.nonEmpty('validation_required'),
    v.toUpperCase(),
    v.check(isUnifiedSocialCreditCode, 'validation_credit_code'),
  ),
  address: required(200),
  stallCount: v.pipe(v.number('validation_stall_count'), v.integer('validation_stall_count'), v.minValue(0, 'validation_stall_count'), v.maxValue(100_000, 'validation_stall_count')),
  complaintPhone: v.pipe(v.string('validation_required'), v.trim(), v.nonEmpty('validation_required'), v.check(isPhoneNumber, 'validation_phone')),
  legalPersonName: required(30),
  legalPersonPhone: v.pipe(v.string('validation_required'), v.trim(), v.nonEmpty('validation_required'), v.check(isMainlandMobile, 'validation_mobile')),
  managerName: required(30),
  managerPhone: v.pipe(v.string('validation_required'), v.trim(), v.nonEmpty('validation_required'), v.check(isMainlandMobile, 'validation_mobile')),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation_too_long')), ''),
  businessLicenceFileId: v.nullish(fileId, null),
  operatingLicenceFileId: v.nullish(fileId, null),
  marketPhotoFileIds: v.optional(v.pipe(v.array(fileId), v.maxLength(MAX_MARKET_PHOTOS, 'validation_market_photos')), []),
})
export type MarketFields = v.InferOutput<typeof MarketFieldsSchema>
export type MarketFieldsInput = v.InferInput<typeof MarketFieldsSchema>

export const CreateMarketSchema = v.object({ ...MarketFieldsSchema.entries, password: Md5HexSchema })
export type CreateMarketInput = v.InferInput<typeof CreateMarketSchema>
/** Editing never asks for the password again. */
export const UpdateMarketSchema = MarketFieldsSchema

export { MARKET_SORTS, type MarketSort }

export const MarketListQuerySchema = v.object({
  ...PagingSchema,
  sort: v.optional(v.picklist(MARKET_SORTS, 'validation_invalid'), 'registeredAt'),
  order: v.optional(v.picklist(['asc', 'desc'], 'validation_invalid'), 'desc'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation_too_long'))),
  status: v.optional(v.picklist(['1', '2'], 'validation_invalid')),
})
export type MarketListQuery = v.InferOutput<typeof MarketListQuerySchema>

export const MarketListItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  accountUk: v.string(),
  accountUsername: v.string(),
  accountStatus: v.number(),
  stallCount: v.number(),
  managerName: v.string(),
  managerPhone: v.string(),
  creditCode: v.string(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  registerTime: v.string(),
})
export type MarketListItem = v.InferOutput<typeof MarketListItemSchema>
export const MarketListSchema = listSchema(MarketListItemSchema)
export type MarketList = v.InferOutput<typeof MarketListSchema>

export const MarketSchema = v.object({
  ...MarketFieldsSchema.entries,
  paymentBank: v.picklist(PAYMENT_BANKS),
  accountStatus: v.number(),
  stallCount: v.number(),
  notes: v.string(),
  businessLicenceFileId: v.nullable(v.string()),
  operatingLicenceFileId: v.nullable(v.string()),
  marketPhotoFileIds: v.array(v.string()),
  id: v.string(),
  accountUk: v.string(),
  registerTime: v.string(),
})
export type Market = v.InferOutput<typeof MarketSchema>

/** The switcher searches as the user types; 50 names is more than its list shows at once. */
export const MAX_MARKET_OPTIONS = 50
export const MarketOptionsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation_too_long'))),
  limit: queryInt(1, MAX_MARKET_OPTIONS, 20),
})
export const MarketOptionSchema = v.object({ id: v.string(), name: v.string() })
export type MarketOption = v.InferOutput<typeof MarketOptionSchema>

export const UsernameAvailabilityQuerySchema = v.object({
  username: v.pipe(v.string('validation_required'), v.maxLength(64, 'validation_too_long')),
  exceptMarketId: v.optional(v.pipe(v.string(), v.uuid('validation_invalid'))),
})
export const UsernameAvailabilitySchema = v.object({ valid: v.boolean(), available: v.boolean() })

export const MarketIdParamSchema = v.object({ id: v.pipe(v.string(), v.uuid('error_not_found')) })
export const ClearPwdSchema = v.object({ clearPwd: v.string() })
