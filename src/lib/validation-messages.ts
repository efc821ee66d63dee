import { m } from '@/paraglide/messages'

/**
 * Contract schemas carry message keys (the server translates the same keys); the console words them
 * here. Listed one by one so each form's chunk holds only these messages, not the whole catalogue
 * (src/components/form/validation-keys.test.tsx checks every key the contract uses is listed).
 */
const MESSAGES: Record<string, () => string> = {
  validation_required: m.validation_required,
  validation_invalid: m.validation_invalid,
  validation_too_long: m.validation_too_long,
  validation_text_characters: m.validation_text_characters,
  validation_date: m.validation_date,
  validation_date_range: m.validation_date_range,
  validation_credit_code: m.validation_credit_code,
  validation_id_card: m.validation_id_card,
  validation_stall_count: m.validation_stall_count,
  validation_phone: m.validation_phone,
  validation_mobile: m.validation_mobile,
  validation_market_username: m.validation_market_username,
  validation_market_photos: m.validation_market_photos,
  validation_password_required: m.validation_password_required,
  validation_password_policy: m.validation_password_policy,
  validation_password_md5: m.validation_password_md5,
  validation_username_required: m.validation_username_required,
  validation_username_too_long: m.validation_username_too_long,
  validation_uk_required: m.validation_uk_required,
  validation_password_mismatch: m.validation_password_mismatch,
  error_username_taken: m.error_username_taken,
}

export const KNOWN_VALIDATION_KEYS: readonly string[] = Object.keys(MESSAGES)

export function validationMessage(key: string | undefined): string {
  return (key && MESSAGES[key]?.()) || m.validation_invalid()
}

/** A message the server already wrote in the reader's language (a field error of a 40000 answer). */
export type WordedMessage = { worded: string }
export const worded = (text: string): WordedMessage => ({ worded: text })

const isWorded = (value: object): value is WordedMessage => 'worded' in value && typeof value.worded === 'string'

/**
 * The first error of a form field, in words: a valibot issue or a message key from a schema or a
 * custom check is translated here; a server's field error is shown as the server wrote it.
 */
export function firstFieldError(errors: readonly unknown[]): string | undefined {
  const first = errors.find((error) => error !== undefined && error !== null && error !== false && error !== '')
  if (first === undefined || first === null) return undefined
  if (typeof first === 'string') return validationMessage(first)
  if (typeof first === 'object') {
    if (isWorded(first)) return first.worded
    if ('message' in first) return validationMessage(String(first.message))
  }
  return m.validation_invalid()
}
