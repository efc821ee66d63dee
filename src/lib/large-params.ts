/**
 * Large query parameters stay in the browser (SPEC §4): the object is kept in sessionStorage under a
 * hash of its content, and only that key travels in the URL.
 */
const PREFIX = 'params:'

function fnv1a(text: string): string {
  // Two 32-bit FNV-1a passes with different seeds: a 16-hex key, stable for the same content.
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

export function storeLargeParams(value: unknown): string {
  const text = JSON.stringify(value)
  const key = fnv1a(text)
  sessionStorage.setItem(PREFIX + key, text)
  return key
}

export function readLargeParams<T>(key: string): T | null {
  const text = sessionStorage.getItem(PREFIX + key)
  return text === null ? null : (JSON.parse(text) as T)
}

export const hasLargeParams = (key: string) => sessionStorage.getItem(PREFIX + key) !== null
