import { validator as openApiValidator } from 'hono-openapi'
import type { ValidationTargets } from 'hono'
import type { GenericSchema } from 'valibot'
import { ApiCode, type FieldError } from '../../contract/api'
import { tooLongLimit } from '../../contract/issues'
import { ApiError } from './errors'
import { isMessageKey, translate, type Locale } from './i18n'

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
export function validate<T extends keyof ValidationTargets, S extends GenericSchema>(target: T, schema: S) {
  return openApiValidator(target, schema, (result, c) => {
    if (!result.success) {
      const locale = (c as unknown as { get(key: 'locale'): Locale | undefined }).get('locale') ?? 'zh-CN'
      throw new ApiError(ApiCode.INVALID_INPUT, 'error_invalid_input', fieldErrors(result.error, locale))
    }
  })
}
