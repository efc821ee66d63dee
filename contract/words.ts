import type { PaymentMethod, TestResult } from './device-api'
import type { DeviceKind, DeviceStatus } from './device-list'
import type { MarketStatus } from './market-list'
import type { BusinessCategory, MerchantStatus } from './merchant-list'
import type { RefusalReason } from './system'

/**
 * The words for every fixed value a list, filter, tab label, chart legend or CSV file shows: one map
 * from value to message key (messages/*.json) per value set, read by both halves. The server
 * translates a key itself (server/lib/i18n.ts); the console through src/lib/words.ts, which names each
 * key's compiled message so the first page carries only the words it shows. A value added to a set
 * without its word fails `tsc` here.
 */
type Words<Value extends string> = Readonly<Record<Value, string>>

/** A market's status is its operator account's: 1 normal, 2 frozen (contract/market-list.ts). */
export const MARKET_STATUS_WORDS = {
  '1': 'user_status_normal',
  '2': 'user_status_frozen',
} as const satisfies Words<MarketStatus>

export const MERCHANT_STATUS_WORDS = {
  active: 'merchants_status_active',
  left: 'merchants_status_left',
} as const satisfies Words<MerchantStatus>

export const BUSINESS_CATEGORY_WORDS = {
  vegetables: 'merchants_category_vegetables',
  fruit: 'merchants_category_fruit',
  meat: 'merchants_category_meat',
  aquatic: 'merchants_category_aquatic',
  eggs_poultry: 'merchants_category_eggs_poultry',
  grain_oil: 'merchants_category_grain_oil',
  dry_goods: 'merchants_category_dry_goods',
  cooked_food: 'merchants_category_cooked_food',
  other: 'merchants_category_other',
} as const satisfies Words<BusinessCategory>

export const DEVICE_KIND_WORDS = {
  payment_terminal: 'device_kind_payment_terminal',
  scale: 'device_kind_scale',
  passenger_counter: 'device_kind_passenger_counter',
  pesticide_tester: 'device_kind_pesticide_tester',
} as const satisfies Words<DeviceKind>

export const DEVICE_STATUS_WORDS = {
  online: 'devices_status_online',
  offline: 'devices_status_offline',
} as const satisfies Words<DeviceStatus>

export const PAYMENT_METHOD_WORDS = {
  wechat: 'dashboard_method_wechat',
  alipay: 'dashboard_method_alipay',
  unionpay: 'dashboard_method_unionpay',
  cash: 'dashboard_method_cash',
  other: 'dashboard_method_other',
} as const satisfies Words<PaymentMethod>

export const TEST_RESULT_WORDS = {
  pass: 'dashboard_test_pass',
  fail: 'dashboard_test_fail',
} as const satisfies Words<TestResult>

/** Why a device's event was refused, in a few words (the System page's chart; the device hears the full sentence). */
export const REFUSAL_REASON_WORDS = {
  batch: 'system_reason_batch',
  batch_too_big: 'system_reason_batch_too_big',
  event_id: 'system_reason_event_id',
  event_type: 'system_reason_event_type',
  amount: 'system_reason_amount',
  method: 'system_reason_method',
  time: 'system_reason_time',
  period: 'system_reason_period',
  count: 'system_reason_count',
  produce: 'system_reason_produce',
  stall: 'system_reason_stall',
  inhibition: 'system_reason_inhibition',
  result: 'system_reason_result',
  future: 'system_reason_future',
  too_old: 'system_reason_too_old',
  duplicate_in_batch: 'system_reason_duplicate_in_batch',
  kind_mismatch: 'system_reason_kind_mismatch',
  unknown_payment: 'system_reason_unknown_payment',
  refund_exceeds: 'system_reason_refund_exceeds',
  total_too_large: 'system_reason_total_too_large',
} as const satisfies Words<RefusalReason>

type ValueOf<Map> = Map[keyof Map]
/** Every message key a value set names (the console's table of words is checked against it). */
export type WordKey =
  | ValueOf<typeof MARKET_STATUS_WORDS>
  | ValueOf<typeof MERCHANT_STATUS_WORDS>
  | ValueOf<typeof BUSINESS_CATEGORY_WORDS>
  | ValueOf<typeof DEVICE_KIND_WORDS>
  | ValueOf<typeof DEVICE_STATUS_WORDS>
  | ValueOf<typeof PAYMENT_METHOD_WORDS>
  | ValueOf<typeof TEST_RESULT_WORDS>
  | ValueOf<typeof REFUSAL_REASON_WORDS>
