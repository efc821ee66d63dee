/**
 * How the route walk (tests/api/hostile-input.test.ts) writes hostile values into JSON and URLs, and
 * prints them in a failure report.
 */

/** JSON text written as is: what JSON.stringify cannot produce (-0, 1e999, 10,000 levels of nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A query or path value put in the URL unencoded (the URL parser then does what it does with it). */
export class RawUrl {
  constructor(readonly text: string) {}
}

/** JSON text with RawJson pieces written as is. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

const percent = (bytes: number[]) =>
  bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')

/**
 * Percent-encodes for a URL; a lone surrogate becomes its 3-byte (WTF-8) form, the only way to put
 * one in a URL (encodeURIComponent throws on it). RawUrl values go in unencoded.
 */
export function encodeUrlValue(value: string | RawUrl): string {
  if (value instanceof RawUrl) return value.text
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += encodeURIComponent(value.slice(i, i + 2))
      i++
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += percent([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
    } else {
      out += encodeURIComponent(value[i] as string)
    }
  }
  return out
}

/** Text as a JSON string literal cut to `max` characters, control characters and surrogates escaped: safe in a report. */
export function printable(text: string, max = 40): string {
  const cut = JSON.stringify(text.length > max ? text.slice(0, max) : text)
  const escaped = cut.replace(
    /[\u007f-\u009f\ud800-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return text.length > max ? `${escaped}… (${text.length} chars)` : escaped
}

/** A short, printable description of a value for a failure report. */
export function preview(value: unknown): string {
  if (value instanceof RawJson || value instanceof RawUrl) return printable(value.text)
  return printable(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))
}
