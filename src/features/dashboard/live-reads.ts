import type { QueryKey } from '@tanstack/react-query'

/**
 * How long after a live event asked a widget to read again its reads go to the primary (`fresh=1`):
 * longer than the slowest live re-read waits (the rankings' 15 s), so the re-read the event caused is
 * among them. A server's read replica may be a second or two behind, and would answer without the event.
 */
const FROM_PRIMARY_MS = 20_000

/** When a live event last asked each widget (a query key prefix) to read again. */
const asked = new Map<string, { key: QueryKey; at: number }>()

/** Notes that a live event asked the widgets under `key` to read again. */
export function askedByLiveEvent(key: QueryKey, now = Date.now()): void {
  asked.set(JSON.stringify(key), { key, at: now })
}

/** `'1'` when the query at `key` reads again for a recent live event, so it reads the primary. */
export function freshFor(key: QueryKey, now = Date.now()): '1' | undefined {
  for (const [id, mark] of asked) {
    if (now - mark.at > FROM_PRIMARY_MS) asked.delete(id)
    else if (mark.key.every((part, i) => key[i] === part)) return '1'
  }
  return undefined
}
