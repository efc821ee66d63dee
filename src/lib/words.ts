import type { WordKey } from '@contract/words'
import { m } from '@/paraglide/messages'

/**
 * The console's side of contract/words.ts: each word's compiled message, by key. Named one by one
 * (not `m[key]`) so the bundle keeps only these; a key the contract adds fails `tsc` until it is here.
 */
const WORDS: { readonly [Key in WordKey]: () => string } = {
  user_status_normal: m.user_status_normal,
  user_status_frozen: m.user_status_frozen,
  merchants_status_active: m.merchants_status_active,
  merchants_status_left: m.merchants_status_left,
  merchants_category_vegetables: m.merchants_category_vegetables,
  merchants_category_fruit: m.merchants_category_fruit,
  merchants_category_meat: m.merchants_category_meat,
  merchants_category_aquatic: m.merchants_category_aquatic,
  merchants_category_eggs_poultry: m.merchants_category_eggs_poultry,
  merchants_category_grain_oil: m.merchants_category_grain_oil,
  merchants_category_dry_goods: m.merchants_category_dry_goods,
  merchants_category_cooked_food: m.merchants_category_cooked_food,
  merchants_category_other: m.merchants_category_other,
  device_kind_payment_terminal: m.device_kind_payment_terminal,
  device_kind_scale: m.device_kind_scale,
  device_kind_passenger_counter: m.device_kind_passenger_counter,
  device_kind_pesticide_tester: m.device_kind_pesticide_tester,
  devices_status_online: m.devices_status_online,
  devices_status_offline: m.devices_status_offline,
  dashboard_method_wechat: m.dashboard_method_wechat,
  dashboard_method_alipay: m.dashboard_method_alipay,
  dashboard_method_unionpay: m.dashboard_method_unionpay,
  dashboard_method_cash: m.dashboard_method_cash,
  dashboard_method_other: m.dashboard_method_other,
  dashboard_test_pass: m.dashboard_test_pass,
  dashboard_test_fail: m.dashboard_test_fail,
  role_official: m.role_official,
  role_market: m.role_market,
  role_merchant: m.role_merchant,
  audit_area_market: m.audit_area_market,
  audit_area_merchant: m.audit_area_merchant,
  audit_area_device: m.audit_area_device,
  audit_area_account: m.audit_area_account,
  audit_action_register: m.audit_action_register,
  audit_action_edit: m.audit_action_edit,
  audit_action_freeze: m.audit_action_freeze,
  audit_action_unfreeze: m.audit_action_unfreeze,
  audit_action_password_reset: m.audit_action_password_reset,
  audit_action_password_change: m.audit_action_password_change,
  audit_action_bind: m.audit_action_bind,
  audit_action_unbind: m.audit_action_unbind,
  audit_action_rotate_secret: m.audit_action_rotate_secret,
  audit_action_leave: m.audit_action_leave,
  audit_action_return: m.audit_action_return,
  audit_action_lockout_cleared: m.audit_action_lockout_cleared,
  markets_field_name: m.markets_field_name,
  markets_field_bank: m.markets_field_bank,
  markets_field_credit_code: m.markets_field_credit_code,
  markets_field_address: m.markets_field_address,
  markets_field_stalls: m.markets_field_stalls,
  markets_field_complaint_phone: m.markets_field_complaint_phone,
  markets_field_legal_name: m.markets_field_legal_name,
  markets_field_legal_phone: m.markets_field_legal_phone,
  markets_field_manager_name: m.markets_field_manager_name,
  markets_field_manager_phone: m.markets_field_manager_phone,
  markets_field_notes: m.markets_field_notes,
  markets_field_business_licence: m.markets_field_business_licence,
  markets_field_operating_licence: m.markets_field_operating_licence,
  markets_field_photos: m.markets_field_photos,
  markets_field_registered_on: m.markets_field_registered_on,
  markets_field_username: m.markets_field_username,
  markets_field_status: m.markets_field_status,
  merchants_field_name: m.merchants_field_name,
  merchants_field_bank_merchant_no: m.merchants_field_bank_merchant_no,
  merchants_field_other_bank_no: m.merchants_field_other_bank_no,
  merchants_field_payment_sub_merchant_no: m.merchants_field_payment_sub_merchant_no,
  merchants_field_stall: m.merchants_field_stall,
  merchants_field_phone: m.merchants_field_phone,
  merchants_field_id_card: m.merchants_field_id_card,
  merchants_field_credit_code: m.merchants_field_credit_code,
  merchants_field_category: m.merchants_field_category,
  merchants_field_age: m.merchants_field_age,
  merchants_field_gender: m.merchants_field_gender,
  merchants_field_political: m.merchants_field_political,
  merchants_field_education: m.merchants_field_education,
  merchants_field_address: m.merchants_field_address,
  merchants_field_notes: m.merchants_field_notes,
  merchants_field_health_certificate: m.merchants_field_health_certificate,
  merchants_field_food_licence: m.merchants_field_food_licence,
  merchants_col_status: m.merchants_col_status,
  devices_field_code: m.devices_field_code,
  devices_field_kind: m.devices_field_kind,
  devices_col_stall: m.devices_col_stall,
  devices_field_merchant: m.devices_field_merchant,
  audit_field_account_status: m.audit_field_account_status,
  audit_field_reason: m.audit_field_reason,
  audit_field_username: m.audit_field_username,
  audit_field_role: m.audit_field_role,
  audit_field_address: m.audit_field_address,
  audit_reason_merchant_left: m.audit_reason_merchant_left,
}

type Words = Readonly<Record<string, WordKey>>

/** The word for a value of a set, in the current language; a value outside the set is shown as it is. */
export function wordFor<Map extends Words>(words: Map, value: keyof Map & string): string
export function wordFor(words: Words, value: string): string
export function wordFor(words: Words, value: string): string {
  const key = Object.hasOwn(words, value) ? words[value] : undefined
  return key ? WORDS[key]() : value
}

/** A select's options for a value set, in the order its contract lists the values. */
export const wordOptions = <Value extends string>(values: readonly Value[], words: Readonly<Record<Value, WordKey>>) =>
  values.map((value) => ({ value, label: wordFor(words, value) }))
