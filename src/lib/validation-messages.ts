import { m } from '@/paraglide/messages'
import { tooLongLimit } from '@contract/issues'

/**
 * Contract schemas carry message keys (the server translates the same keys); the console words them
 * here. Listed one by one so a chunk holds only these messages, not the whole catalogue. The sign-in
 * page needs only the keys below; the console's forms add the rest when they load
 * (src/components/form/console-validation-messages.ts), keeping the first visit small.
 * src/components/form/validation-keys.test.tsx checks every key the contract uses is worded.
 */
const MESSAGES: Record<string, () => string> = {
  validation_required: m.validation_required,
  validation_invalid: m.validation_invalid,
  validation_too_long: m.validation_too_long,
  validation_text_characters: m.validation_text_characters,
  validation_password_required: m.validation_password_required,
  validation_password_policy: m.validation_password_policy,
  validation_password_md5: m.validation_password_md5,
  validation_username_required: m.validation_username_required,
  validation_username_too_long: m.validation_username_too_long,
}

/** Adds wording for more keys (a chunk's own forms). */
export function addValidationMessages(more: Record<string, () => string>): void {
  Object.assign(MESSAGES, more)
}

/** The keys worded so far. */
export const knownValidationKeys = (): readonly string[] => Object.keys(MESSAGES)

function validationMessage(key: string | undefined): string {
  return (key && MESSAGES[key]?.()) || m.validation_invalid()
}

/** A valibot issue in words: a too-long one says its limit. */
export function issueMessage(issue: { message: string; type?: string; requirement?: unknown }): string {
  const limit = tooLongLimit(issue)
  return limit === null ? validationMessage(issue.message) : m.validation_too_long_max({ max: limit })
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
    if ('message' in first && typeof first.message === 'string')
      return issueMessage({ ...first, message: first.message })
  }
  return m.validation_invalid()
}
