import * as v from 'valibot'

/**
 * What text may contain, in its own small file: route search schemas (loaded with the first page)
 * need it without the form fields.
 */

// C0 controls except tab and line breaks, DEL, and the C1 block: never typed by a person, and NUL
// breaks PostgreSQL text.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F]/
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** No control characters (line breaks allowed where `multiline`) and no unpaired UTF-16 surrogates. */
export const isCleanText = (text: string, multiline = false) =>
  !(multiline ? CONTROL : CONTROL_OR_BREAK).test(text) && !LONE_SURROGATE.test(text)

/** The pipe step that refuses unclean text with a translated 40000. */
export const cleanText = (multiline = false) =>
  v.check((text: string) => isCleanText(text, multiline), 'validation_text_characters')

export const MAX_SEARCH_LENGTH = 100

/** A list's free-text search: absent or trimmed text up to 100 characters. */
export const SearchTextSchema = v.optional(
  v.pipe(v.string('validation_invalid'), cleanText(), v.trim(), v.maxLength(MAX_SEARCH_LENGTH, 'validation_too_long')),
)
