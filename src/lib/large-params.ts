import * as v from 'valibot'
import { persistedStore } from './persisted-store'
import { getToken } from './session'

/**
 * Large query parameters stay in the browser (SPEC §4): the object is kept under a hash of its
 * content, and only that key travels in the URL. Kept in localStorage so that every tab of this
 * browser opens the same address (an edit address copied to another tab), but only for the session
 * that stored it (the rows hold phone numbers and credit codes): another sign-in reads nothing, the
 * entries expire LIFETIME_MS after they were stored, and sign-out removes them all. Reading is here
 * (route guards use it, so it loads with the first page); storing is in ./large-params-store.ts,
 * which only the pages that hand rows over load.
 */
export const LARGE_PARAMS_KEY = 'large-params'
/** A working day: an edit page opened in the morning still reloads after lunch, not tomorrow. */
export const LIFETIME_MS = 8 * 60 * 60_000

/** Two 32-bit FNV-1a passes with different primes: a 16-hex name, stable for the same text. */
export function fnv1a(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

const EntrySchema = v.object({ key: v.string(), storedAt: v.number(), value: v.unknown() })
const LargeParamsSchema = v.object({
  /** Whose entries these are: a hash of the session's token (the token itself stays in `token`). */
  owner: v.string(),
  /** Oldest first. */
  entries: v.array(EntrySchema),
})
export type LargeParams = v.InferOutput<typeof LargeParamsSchema>
export const NO_LARGE_PARAMS: LargeParams = { owner: '', entries: [] }

/** Every tab's store: a tab already open follows what another one stores or clears. */
export const largeParamsStore = persistedStore({
  key: LARGE_PARAMS_KEY,
  schema: LargeParamsSchema,
  fallback: NO_LARGE_PARAMS,
  shared: true,
  persist: (state) => (state.entries.length === 0 ? undefined : state),
})

/** The signed-in session's name in the store, or null when no one is signed in. */
export function currentOwner(): string | null {
  const token = getToken()
  return token ? fnv1a(token) : null
}

/** The entries the signed-in session may read now: its own, not expired. */
export function liveEntries(state: LargeParams, now = Date.now()): LargeParams['entries'] {
  const owner = currentOwner()
  if (owner === null || state.owner !== owner) return []
  return state.entries.filter((entry) => entry.storedAt <= now && now - entry.storedAt < LIFETIME_MS)
}

/** The object stored under `key` if `schema` accepts it, or null (unknown, expired, another session's, or refused). */
export function readLargeParams<T>(key: string, schema: v.GenericSchema<unknown, T>): T | null {
  const entry = liveEntries(largeParamsStore.state).find((known) => known.key === key)
  if (!entry) return null
  const parsed = v.safeParse(schema, entry.value)
  return parsed.success ? parsed.output : null
}

/** Forgets every stored object, in every tab (sign-out). */
export function clearLargeParams(): void {
  largeParamsStore.setState(() => NO_LARGE_PARAMS)
}
