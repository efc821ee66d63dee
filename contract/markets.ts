import * as v from 'valibot'
import {
  CalendarDateSchema,
  CreditCodeSchema,
  FileIdSchema,
  MobileSchema,
  PhoneSchema,
  idParam,
  optionalText,
  requiredChoice,
  requiredText,
  wholeNumber,
} from './fields'
import { LICENCE_STATES } from './licence-state'
import { MarketLicencesSchema } from './licences'
import { listSchema, queryInt, type ListQueryOf } from './list'
import { MARKET_LIST, MAX_MARKET_OPTIONS } from './market-list'
import { Md5HexSchema } from './password'
import { SearchTextSchema, cleanText } from './text'

/** Banks a market settles through. Fixed once the market is registered (SPEC §3). */
export const PAYMENT_BANKS = ['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM', 'PSBC', 'RCC'] as const
export type PaymentBank = (typeof PAYMENT_BANKS)[number]

export const MAX_MARKET_PHOTOS = 3

/** Area code (0 + 2–3 digits) followed by the market's own digits, e.g. 0314888. */
export const MARKET_USERNAME_PATTERN = /^0\d{2,3}\d{3,8}$/

const MarketUsernameSchema = v.pipe(
  v.string('validation_required'),
  cleanText(),
  v.trim(),
  v.nonEmpty('validation_required'),
  v.regex(MARKET_USERNAME_PATTERN, 'validation_market_username'),
)

/** The registration form's fields, shared by the console's form and the server (SPEC §3). */
export const MarketFieldsSchema = v.object({
  paymentBank: requiredChoice(PAYMENT_BANKS),
  accountUsername: MarketUsernameSchema,
  accountStatus: v.picklist([1, 2], 'validation_required'),
  /** YYYY-MM-DD, the day the market registered (Asia/Shanghai). */
  registeredOn: CalendarDateSchema,
  name: requiredText(60),
  creditCode: CreditCodeSchema,
  address: requiredText(200),
  stallCount: wholeNumber(0, 100_000, 'validation_stall_count'),
  complaintPhone: PhoneSchema,
  legalPersonName: requiredText(30),
  legalPersonPhone: MobileSchema,
  managerName: requiredText(30),
  managerPhone: MobileSchema,
  notes: optionalText(500, true),
  businessLicenceFileId: v.nullish(FileIdSchema, null),
  operatingLicenceFileId: v.nullish(FileIdSchema, null),
  marketPhotoFileIds: v.optional(
    v.pipe(v.array(FileIdSchema), v.maxLength(MAX_MARKET_PHOTOS, 'validation_market_photos')),
    [],
  ),
})
export type MarketFields = v.InferOutput<typeof MarketFieldsSchema>
export type MarketFieldsInput = v.InferInput<typeof MarketFieldsSchema>

/** Its own licences, written with it (issue 26 §1); absent from an edit, they stay as they are. */
const LicenceEntries = { licences: v.optional(MarketLicencesSchema) }

export const CreateMarketSchema = v.object({ ...MarketFieldsSchema.entries, ...LicenceEntries, password: Md5HexSchema })
export type CreateMarketInput = v.InferInput<typeof CreateMarketSchema>
/** Editing never asks for the password again. */
export const UpdateMarketSchema = v.object({ ...MarketFieldsSchema.entries, ...LicenceEntries })
export type UpdateMarketInput = v.InferInput<typeof UpdateMarketSchema>

export const MarketListQuerySchema = MARKET_LIST.query
export type MarketListQuery = ListQueryOf<typeof MARKET_LIST>

const MarketListItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  accountUk: v.string(),
  accountUsername: v.string(),
  accountStatus: v.number(),
  stallCount: v.number(),
  managerName: v.string(),
  managerPhone: v.string(),
  creditCode: v.string(),
  /** The worse of the market's own two licences today (issue 26 §1). */
  licenceState: v.picklist(LICENCE_STATES),
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

/**
 * A market's page (read-only; an operator may read its own): the market as the form holds it, its
 * account's state and how many merchants (every status, as the merchant list counts them) and bound
 * devices (as the device list counts them) it has. A market keeps no bank account number, only its
 * payment bank.
 */
export const MarketDetailSchema = v.object({
  ...MarketSchema.entries,
  merchantCount: v.number(),
  deviceCount: v.number(),
})
export type MarketDetail = v.InferOutput<typeof MarketDetailSchema>

export const MarketOptionsQuerySchema = v.object({
  q: SearchTextSchema,
  limit: queryInt(1, MAX_MARKET_OPTIONS, 20),
})
export const MarketOptionSchema = v.object({ id: v.string(), name: v.string() })
export type MarketOption = v.InferOutput<typeof MarketOptionSchema>

export const UsernameAvailabilityQuerySchema = v.object({
  username: v.pipe(v.string('validation_required'), cleanText(), v.maxLength(64, 'validation_too_long')),
  exceptMarketId: v.optional(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid'))),
})
export const UsernameAvailabilitySchema = v.object({ valid: v.boolean(), available: v.boolean() })

export const MarketIdParamSchema = idParam('error_market_not_found')
export const ClearPwdSchema = v.object({ clearPwd: v.string() })
