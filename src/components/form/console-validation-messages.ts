import { m } from '@/paraglide/messages'
import { addValidationMessages } from '@/lib/validation-messages'

/**
 * The wording of the contract's field keys beyond sign-in, added when the console's form kit loads
 * (use-console-form.ts imports this module for that effect), so the sign-in page never carries them.
 */
addValidationMessages({
  validation_date: m.validation_date,
  validation_date_range: m.validation_date_range,
  validation_date_order: m.validation_date_order,
  validation_statement_range: m.validation_statement_range,
  validation_credit_code: m.validation_credit_code,
  validation_id_card: m.validation_id_card,
  validation_stall_count: m.validation_stall_count,
  validation_phone: m.validation_phone,
  validation_mobile: m.validation_mobile,
  validation_market_username: m.validation_market_username,
  validation_market_photos: m.validation_market_photos,
  validation_uk_required: m.validation_uk_required,
  validation_password_mismatch: m.validation_password_mismatch,
  error_username_taken: m.error_username_taken,
  validation_market_required: m.validation_market_required,
  validation_bank_number: m.validation_bank_number,
  validation_stall_number: m.validation_stall_number,
  validation_merchant_age: m.validation_merchant_age,
  error_stall_taken: m.error_stall_taken,
  error_merchant_bank_unchangeable: m.error_merchant_bank_unchangeable,
  validation_device_code: m.validation_device_code,
  validation_range_31_days: m.validation_range_31_days,
  validation_amount_order: m.validation_amount_order,
  validation_follow_up_actions: m.validation_follow_up_actions,
  validation_too_many_photos: m.validation_too_many_photos,
  validation_complaint_target: m.validation_complaint_target,
  validation_complaint_no_remedy: m.validation_complaint_no_remedy,
  validation_licence_until_after_from: m.validation_licence_until_after_from,
  validation_licence_grace_days: m.validation_licence_grace_days,
  validation_complaint_deadline_days: m.validation_complaint_deadline_days,
})
