import * as v from 'valibot'
import { DEVICE_KINDS, DEVICE_LIST } from './device-list'
import { idParam, requiredChoice, requiredText } from './fields'
import { listSchema, type ListQueryOf } from './list'
import { MarketQueryEntries } from './scope'

/** Devices bound to stalls (SPEC §3 Device, issue 9): what the console sends and reads. */

/** Codes as makers print them on the device: letters, digits, hyphens and underscores. */
export const DEVICE_CODE = /^[0-9A-Za-z_-]{4,40}$/
const DeviceCodeSchema = v.pipe(requiredText(40), v.regex(DEVICE_CODE, 'validation_device_code'), v.toUpperCase())

/** Where a device without a merchant stands: a stall, a gate, the test station ("东门", "A-12"). */
const LocationSchema = v.pipe(
  requiredText(20),
  v.regex(/^[0-9A-Za-z\u4e00-\u9fff-]+$/, 'validation_stall_number'),
  v.toUpperCase(),
)

/**
 * Binding: a payment terminal or scale is bound to a merchant (its stall is the merchant's); a counter
 * or tester to a place (`stallNo`), optionally to a merchant. OFFICIAL names the market; a MARKET
 * operator's is implied.
 */
export const BindDeviceSchema = v.object({
  code: DeviceCodeSchema,
  kind: requiredChoice(DEVICE_KINDS),
  merchantId: v.nullish(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid')), null),
  stallNo: v.optional(v.union([v.literal(''), LocationSchema], 'validation_stall_number'), ''),
  marketId: v.optional(v.pipe(v.string('validation_market_required'), v.uuid('validation_market_required'))),
})
export type BindDeviceInput = v.InferInput<typeof BindDeviceSchema>
export type BindDevice = v.InferOutput<typeof BindDeviceSchema>

/** A device's secret, shown once (at binding and at rotation); only its hash is kept. */
export const DeviceSecretSchema = v.object({ id: v.string(), code: v.string(), secret: v.string() })
export type DeviceSecret = v.InferOutput<typeof DeviceSecretSchema>

export const DeviceIdParamSchema = idParam('error_device_not_found')

export const DeviceListQuerySchema = v.object({ ...DEVICE_LIST.query.entries, ...MarketQueryEntries })
export type DeviceListQuery = ListQueryOf<typeof DEVICE_LIST> & { market?: string | undefined }

const DeviceListItemSchema = v.object({
  id: v.string(),
  marketId: v.string(),
  marketName: v.string(),
  code: v.string(),
  kind: v.picklist(DEVICE_KINDS),
  stallNo: v.string(),
  merchantId: v.nullable(v.string()),
  merchantName: v.nullable(v.string()),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
  boundTime: v.string(),
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai; null before the first call. */
  lastSeenTime: v.nullable(v.string()),
  online: v.boolean(),
})
export type DeviceListItem = v.InferOutput<typeof DeviceListItemSchema>
export const DeviceListSchema = listSchema(DeviceListItemSchema)

/**
 * A device's page: one binding, bound or since unbound (an audit entry may name either). Online
 * only while bound and seen in the last two minutes.
 */
export const DeviceDetailSchema = v.object({
  ...DeviceListItemSchema.entries,
  /** YYYY-MM-DD HH:mm:ss in Asia/Shanghai; null while bound. */
  unboundTime: v.nullable(v.string()),
  /** The account that bound it (its username); null when that is not known. */
  boundBy: v.nullable(v.string()),
})
export type DeviceDetail = v.InferOutput<typeof DeviceDetailSchema>
export type DeviceList = v.InferOutput<typeof DeviceListSchema>
