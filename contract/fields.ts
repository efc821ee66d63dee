import * as v from 'valibot'
import { isIdCardNumber, isMainlandMobile, isPhoneNumber, isUnifiedSocialCreditCode } from './china-ids'
import { cleanText } from './text'
import { isCalendarDay } from './time'

/**
 * Field pipes every area's schemas are built from, so a rule (what text may contain, what a phone
 * number looks like, which dates exist) is written once. Messages are message keys.
 */

/** Required single-line text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  v.pipe(
    v.string('validation_required'),
    cleanText(),
    v.trim(),
    v.nonEmpty('validation_required'),
    v.maxLength(max, 'validation_too_long'),
  )

/** Optional text (empty when absent), trimmed, at most `max` characters; `multiline` allows line breaks. */
export const optionalText = (max: number, multiline = false) =>
  v.optional(
    v.pipe(v.string('validation_invalid'), cleanText(multiline), v.trim(), v.maxLength(max, 'validation_too_long')),
    '',
  )

/** Required text checked by a predicate, e.g. a phone number. */
const requiredChecked = (check: (value: string) => boolean, message: string, transform?: (value: string) => string) =>
  v.pipe(
    v.string('validation_required'),
    cleanText(),
    v.trim(),
    v.nonEmpty('validation_required'),
    v.maxLength(64, message),
    v.transform(transform ?? ((value: string) => value)),
    v.check(check, message),
  )

/** Mainland mobile number (11 digits, 13–19). */
export const MobileSchema = requiredChecked(isMainlandMobile, 'validation_mobile')
/** A landline with its area code, or a mobile number. */
export const PhoneSchema = requiredChecked(isPhoneNumber, 'validation_phone')
/** Unified social credit code (18 characters, check character), upper-cased. */
export const CreditCodeSchema = requiredChecked(isUnifiedSocialCreditCode, 'validation_credit_code', (value) =>
  value.toUpperCase(),
)
/** 18-digit resident ID card number (valid birth date and check digit), upper-cased X. */
export const IdCardSchema = requiredChecked(isIdCardNumber, 'validation_id_card', (value) => value.toUpperCase())

/**
 * One of a fixed list (a select's value): nothing chosen is "required", a value not on the list is
 * "not valid" (a single picklist message said "required" for both).
 */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.pipe(v.string('validation_required'), v.nonEmpty('validation_required'), v.picklist(options, 'validation_invalid'))

/** The earliest and latest day a registration date may name. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const

/** YYYY-MM-DD naming a real calendar day within DATE_RANGE (never shifted: 2024-02-30 is refused). */
export const CalendarDateSchema = v.pipe(
  v.string('validation_required'),
  v.nonEmpty('validation_required'),
  v.check(isCalendarDay, 'validation_date'),
  v.check((day: string) => day >= DATE_RANGE.min && day <= DATE_RANGE.max, 'validation_date_range'),
)

/** A whole number within bounds (never NaN, fractions or 1e3 typed as text). */
export const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))

/** An id in a path: anything but a uuid is simply not found (`notFoundKey`), never invalid input. */
export const idParam = (notFoundKey: string) => v.object({ id: v.pipe(v.string(notFoundKey), v.uuid(notFoundKey)) })

/** An uploaded file's id in a form. */
export const FileIdSchema = v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid'))
