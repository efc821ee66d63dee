import { currentOwner, fnv1a, largeParamsStore, liveEntries } from './large-params'

/** Keeps large query parameters for the URL (see ./large-params.ts): bounded, newest kept, no secrets. */
export const MAX_ENTRIES = 20

/** Field names that would hold a secret; dropped at any depth. */
const SECRET_FIELD = /pass(word)?|pwd|secret|token/i

/** The stored text: JSON without secret fields. */
const withoutSecrets = (value: unknown): string =>
  JSON.stringify(value, (field, inner: unknown) => (field && SECRET_FIELD.test(field) ? undefined : inner)) ?? 'null'

/**
 * Keeps `value` for the signed-in session and returns its key; the same content always gets the same
 * key (and becomes the newest). Expired entries, and another session's, go as it is written.
 */
export function storeLargeParams(value: unknown): string {
  const text = withoutSecrets(value)
  const key = fnv1a(text)
  const owner = currentOwner()
  if (owner === null) return key
  const now = Date.now()
  largeParamsStore.setState((state) => ({
    owner,
    entries: [
      ...liveEntries(state, now).filter((known) => known.key !== key),
      { key, storedAt: now, value: JSON.parse(text) as unknown },
    ].slice(-MAX_ENTRIES),
  }))
  return key
}
