import { validator as openApiValidator } from 'hono-openapi'
import type { ValidationTargets } from 'hono'
import * as v from 'valibot'
import { ApiCode, type FieldError } from '../../contract/api'
import { tooLongLimit } from '../../contract/issues'
import { ApiError } from './errors'
import { isMessageKey, translate, type Locale, type MessageKey } from './i18n'

type Issue = {
  message: string
  type?: string
  requirement?: unknown
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined
}

/**
 * Field errors in the caller's language, the first per field (a pipe reports every failed check, and
 * "cannot be empty" says all there is to say). A schema message that is a message key is translated.
 */
function fieldErrors(issues: ReadonlyArray<Issue>, locale: Locale): FieldError[] {
  const byField = new Map<string, FieldError>()
  for (const issue of issues) {
    const field = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.')
    if (byField.has(field)) continue
    const limit = tooLongLimit(issue)
    const message =
      limit !== null
        ? translate(locale, 'validation_too_long_max', { max: limit })
        : isMessageKey(issue.message)
          ? translate(locale, issue.message)
          : translate(locale, 'validation_invalid')
    byField.set(field, { field, message })
  }
  return [...byField.values()]
}

/**
 * Validates a request part with a valibot schema, documents it in OpenAPI, and answers failures with
 * our wrapper (40000 + field errors) instead of the library's own shape.
 */
export function validate<T extends keyof ValidationTargets, S extends v.GenericSchema>(target: T, schema: S) {
  return openApiValidator(target, schema, (result, c) => {
    if (!result.success) {
      const locale = (c as unknown as { get(key: 'locale'): Locale | undefined }).get('locale') ?? 'zh-CN'
      throw new ApiError(ApiCode.INVALID_INPUT, 'error_invalid_input', fieldErrors(result.error, locale))
    }
  })
}

const RecordIdSchema = v.object({ id: v.pipe(v.string(), v.uuid()) })

/**
 * A record's id in the path (`:id`) for a read by id: text that is not a uuid names no record, so it
 * answers not-found (40400, `notFoundKey`) as an unknown or out-of-scope id does, never 40000: a page
 * opened at a made-up address says "not found" whatever was typed.
 */
export function validateRecordId<S extends v.GenericSchema<unknown, { id: string }> = typeof RecordIdSchema>(
  notFoundKey: MessageKey,
  /** The id's shape when a record's id is not a uuid (a transaction's time and row number). */
  schema: S = RecordIdSchema as unknown as S,
) {
  return openApiValidator('param', schema, (result) => {
    if (!result.success) throw new ApiError(ApiCode.NOT_FOUND, notFoundKey)
  })
}
