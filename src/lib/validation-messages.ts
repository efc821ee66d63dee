import { m } from '@/paraglide/messages'

/**
 * Contract schemas carry message keys (the server translates the same keys); the console words them
 * here. Listed one by one so each form's chunk holds only these messages, not the whole catalogue.
 */
const MESSAGES: Record<string, () => string> = {
  validation_required: m.validation_required,
  validation_invalid: m.validation_invalid,
  validation_too_long: m.validation_too_long,
  validation_date: m.validation_date,
  validation_credit_code: m.validation_credit_code,
  validation_stall_count: m.validation_stall_count,
  validation_phone: m.validation_phone,
  validation_mobile: m.validation_mobile,
  validation_market_username: m.validation_market_username,
  validation_market_photos: m.validation_market_photos,
  validation_password_required: m.validation_password_required,
  validation_password_policy: m.validation_password_policy,
  validation_password_md5: m.validation_password_md5,
  validation_username_required: m.validation_username_required,
  validation_password_mismatch: m.validation_password_mismatch,
  error_username_taken: m.error_username_taken,
}

export function validationMessage(key: string | undefined): string {
  return (key && MESSAGES[key]?.()) || m.validation_invalid()
}

/** The first error of a TanStack Form field (a valibot issue, or a message key from a custom check). */
export function firstFieldError(errors: readonly unknown[]): string | undefined {
  const first = errors.find((error) => error !== undefined && error !== null && error !== false)
  if (first === undefined || first === null) return undefined
  if (typeof first === 'string') return validationMessage(first)
  if (typeof first === 'object' && 'message' in first) return validationMessage(String((first as { message: unknown }).message))
  return m.validation_invalid()
}
