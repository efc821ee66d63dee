import type { SessionUser } from './session-user'

/**
 * One session ended (a logout), or an account's (frozen, password reset or changed: all its sessions,
 * or all but the one that changed the password).
 */
export type EndedSessions =
  | { tokenHash: string; uk?: undefined; exceptTokenHash?: undefined }
  | { uk: string; tokenHash?: undefined; exceptTokenHash?: string }

/** `createdAtMs` bounds renewals (the absolute lifetime); `expiresAtMs` already respects it. */
type Entry = { user: SessionUser; createdAtMs: number; expiresAtMs: number; lastUsedAtMs: number; cachedAtMs: number }

/**
 * Live sessions held in memory for a few seconds, so a busy console does not query the database on
 * every call (issue 2's budget: /api/user/info p99 <= 10 ms at 50 connections). Entries are dropped
 * when sessions end: at once on this instance, and on every other one when it hears the NOTIFY the
 * ending transaction sent (server/user/session-revocations.ts). A change made directly in SQL
 * reaches it within `maxAgeMs`.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  /** Told when sessions end (an open live stream checks its own at once, not at its next heartbeat). */
  readonly #endedListeners = new Set<(ended: EndedSessions) => void>()
  /** How many times sessions ended here: a read of the database older than the last end is not cached. */
  #ends = 0

  constructor(
    readonly maxAgeMs = 5_000,
    readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, nowMs: number): Entry | null {
    const entry = this.#entries.get(tokenHash)
    if (!entry) return null
    if (nowMs - entry.cachedAtMs > this.maxAgeMs || nowMs >= entry.expiresAtMs) {
      this.#entries.delete(tokenHash)
      return null
    }
    return entry
  }

  /** Taken before a session is read from the database, and handed to `set` with what was read. */
  readTicket(): number {
    return this.#ends
  }

  /**
   * Caches a session read from the database, unless sessions ended since `ticket` was taken: the read
   * may predate the commit that ended it (its NOTIFY was heard meanwhile), and caching it would keep
   * it alive here for `maxAgeMs`. That request goes on as it began; the next one reads again.
   */
  set(tokenHash: string, entry: Entry, ticket?: number): void {
    if (ticket !== undefined && ticket !== this.#ends) return
    if (this.#entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(tokenHash, entry)
  }

  /** Drops one session (a logout) and tells the listeners. */
  forgetToken(tokenHash: string): void {
    this.forget({ tokenHash })
  }

  /** Drops an account's cached sessions (frozen, password reset or changed) and tells the listeners. */
  forgetUser(uk: string, exceptTokenHash?: string): void {
    this.forget(exceptTokenHash === undefined ? { uk } : { uk, exceptTokenHash })
  }

  /** What ending sessions does here, whether they ended on this instance or another one. */
  forget(ended: EndedSessions): void {
    this.#ends++
    if (ended.tokenHash !== undefined) this.#entries.delete(ended.tokenHash)
    else {
      for (const [hash, entry] of this.#entries) {
        if (entry.user.uk === ended.uk && hash !== ended.exceptTokenHash) this.#entries.delete(hash)
      }
    }
    for (const listener of this.#endedListeners) listener(ended)
  }

  /**
   * Drops every cached session: what an instance does when its LISTEN connection came back, since
   * revocations sent while it was away were never heard. Sessions are read afresh; nothing is told to
   * the stream listeners (a stream's own heartbeat check still ends a revoked one).
   */
  forgetAll(): void {
    this.#ends++
    this.#entries.clear()
  }

  /** Listens for sessions ending (by logout here, or an account's, or another instance's). */
  onEnded(listener: (ended: EndedSessions) => void): () => void {
    this.#endedListeners.add(listener)
    return () => void this.#endedListeners.delete(listener)
  }
}
