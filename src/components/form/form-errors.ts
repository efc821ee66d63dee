import * as v from 'valibot'
import { ApiCode, FieldErrorSchema, type FieldError } from '@contract/api'
import { ApiRequestError } from '@/lib/api-client'
import { issueMessage } from '@/lib/validation-messages'

/**
 * Pure helpers every console form shares, with or without TanStack Form: what a schema says about
 * the values, which fields a 40000 answer names, and where to take the user after a failed submit.
 */

/** Answers that may name the fields they are about: invalid input, and a conflict with a field (a code already bound). */
const FIELD_ANSWERS: readonly number[] = [ApiCode.INVALID_INPUT, ApiCode.CONFLICT]

/**
 * The field errors of a 40000 answer, or of a 40900 that names its field, each on its top-level field
 * (`marketPhotoFileIds.1` → `marketPhotoFileIds`).
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiRequestError) || !FIELD_ANSWERS.includes(error.code) || !Array.isArray(error.data))
    return []
  return error.data
    .filter((item): item is FieldError => v.is(FieldErrorSchema, item))
    .map(({ field, message }) => ({ field: field.split('.')[0] ?? field, message }))
}

/** The first error per top-level field, in words, or an empty object when the values pass. */
export function schemaErrors(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key
    if (typeof field === 'string' && !(field in errors)) errors[field] = issueMessage(issue)
  }
  return errors
}

/**
 * After React shows the errors, takes the user to the first one (in the order the form shows them),
 * scrolled to the middle of the screen: at the edge it would sit under the form's sticky buttons,
 * with its message out of sight.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    field.focus({ preventScroll: true })
    const target = field.closest<HTMLElement>('[data-slot="form-field"]') ?? field
    // jsdom (component tests) has no layout to scroll.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' })
  })
}
