import * as v from 'valibot'
import { isCleanText } from './text'

/**
 * A list narrowed to one merchant, device or stall (a row's narrow button, src/components/data-table/
 * narrowable-cells.tsx): the API's strict entries (a bad value is 40000) and the route's lenient ones
 * (a bad value in an old link is dropped).
 */
const STALL_MAX = 32

const Id = v.optional(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid')))
export const RecordFilterQueryEntries = {
  merchant: Id,
  device: Id,
  stall: v.optional(
    v.pipe(
      v.string('validation_invalid'),
      v.check((text: string) => isCleanText(text), 'validation_text_characters'),
      v.trim(),
      v.maxLength(STALL_MAX, 'validation_too_long'),
    ),
  ),
}

const LenientId = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined)
export const RecordFilterSearchEntries = {
  merchant: LenientId,
  device: LenientId,
  stall: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.check((text) => isCleanText(text) && text.length <= STALL_MAX),
      ),
    ),
    undefined,
  ),
}
