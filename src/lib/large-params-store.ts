import { PREFIX } from './large-params'

/** Keeps large query parameters for the URL (see ./large-params.ts): bounded, newest kept, no secrets. */
const ORDER_KEY = 'params-order'
export const MAX_ENTRIES = 20

/** Field names that would hold a secret; dropped at any depth. */
const SECRET_FIELD = /pass(word)?|pwd|secret|token/i

function fnv1a(text: string): string {
  // Two 32-bit FNV-1a passes with different primes: a 16-hex key, stable for the same content.
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

/** The stored text: JSON without secret fields. */
const withoutSecrets = (value: unknown): string =>
  JSON.stringify(value, (field, inner: unknown) => (field && SECRET_FIELD.test(field) ? undefined : inner))

function readOrder(): string[] {
  try {
    const order: unknown = JSON.parse(sessionStorage.getItem(ORDER_KEY) ?? '[]')
    return Array.isArray(order) ? order.filter((key): key is string => typeof key === 'string') : []
  } catch {
    return []
  }
}

/** Keeps `value` and returns its key; the same content always gets the same key (and becomes the newest). */
export function storeLargeParams(value: unknown): string {
  const text = withoutSecrets(value)
  const key = fnv1a(text)
  const order = [...readOrder().filter((known) => known !== key), key]
  for (const old of order.splice(0, Math.max(order.length - MAX_ENTRIES, 0))) sessionStorage.removeItem(PREFIX + old)
  try {
    sessionStorage.setItem(PREFIX + key, text)
  } catch {
    // Storage full: drop everything this store kept and try once more.
    for (const old of order) sessionStorage.removeItem(PREFIX + old)
    order.splice(0, order.length, key)
    sessionStorage.setItem(PREFIX + key, text)
  }
  sessionStorage.setItem(ORDER_KEY, JSON.stringify(order))
  return key
}
