/**
 * Large query parameters stay in the browser (SPEC §4): the object is kept in sessionStorage (so it
 * survives a reload of the tab, and goes with it) under a hash of its content, and only that key
 * travels in the URL. The store is bounded: past MAX_ENTRIES the oldest entries are dropped. It never
 * holds a password: such fields are left out before storing. Reading is here (route guards use it, so
 * it loads with the first page); storing is in ./large-params-store.ts, which only the list loads.
 */
export const PREFIX = 'params:'

/** The object stored under `key`, or null (unknown key, or unreadable content). */
export function readLargeParams<T>(key: string): T | null {
  const text = sessionStorage.getItem(PREFIX + key)
  if (text === null) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
