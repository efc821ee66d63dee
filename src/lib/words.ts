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
  system_reason_batch: m.system_reason_batch,
  system_reason_batch_too_big: m.system_reason_batch_too_big,
  system_reason_event_id: m.system_reason_event_id,
  system_reason_event_type: m.system_reason_event_type,
  system_reason_amount: m.system_reason_amount,
  system_reason_method: m.system_reason_method,
  system_reason_time: m.system_reason_time,
  system_reason_period: m.system_reason_period,
  system_reason_count: m.system_reason_count,
  system_reason_produce: m.system_reason_produce,
  system_reason_stall: m.system_reason_stall,
  system_reason_inhibition: m.system_reason_inhibition,
  system_reason_result: m.system_reason_result,
  system_reason_future: m.system_reason_future,
  system_reason_too_old: m.system_reason_too_old,
  system_reason_duplicate_in_batch: m.system_reason_duplicate_in_batch,
  system_reason_kind_mismatch: m.system_reason_kind_mismatch,
  system_reason_unknown_payment: m.system_reason_unknown_payment,
  system_reason_refund_exceeds: m.system_reason_refund_exceeds,
  system_reason_total_too_large: m.system_reason_total_too_large,
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
