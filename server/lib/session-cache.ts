import type { SessionUser } from './session-user'

/** One session ended (a logout), or some or all of an account's (frozen, password reset or changed). */
export type EndedSessions = { tokenHash: string; uk?: undefined } | { uk: string; tokenHash?: undefined }

/** `createdAtMs` bounds renewals (the absolute lifetime); `expiresAtMs` already respects it. */
type Entry = { user: SessionUser; createdAtMs: number; expiresAtMs: number; lastUsedAtMs: number; cachedAtMs: number }

/**
 * Live sessions held in memory for a few seconds, so a busy console does not query the database on
 * every call (issue 2's budget: /api/user/info p99 <= 10 ms at 50 connections). This process drops
 * entries at once on logout, password change or reset, freezing; another instance's change reaches
 * this one within `maxAgeMs` at most.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  /** Set by createApp to tell other instances (LISTEN/NOTIFY) when an account's sessions end. */
  broadcast: ((uk: string) => void) | null = null
  /** Told when sessions end here (an open live stream checks its own at once, not at its next heartbeat). */
  readonly #endedListeners = new Set<(ended: EndedSessions) => void>()

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

  set(tokenHash: string, entry: Entry): void {
    if (this.#entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(tokenHash, entry)
  }

  forgetToken(tokenHash: string): void {
    this.#entries.delete(tokenHash)
    this.#tell({ tokenHash })
  }

  /** Listens for sessions ending on this instance (by logout here, or an account's from any instance). */
  onEnded(listener: (ended: EndedSessions) => void): () => void {
    this.#endedListeners.add(listener)
    return () => void this.#endedListeners.delete(listener)
  }

  #tell(ended: EndedSessions): void {
    for (const listener of this.#endedListeners) listener(ended)
  }

  /** Drops every cached session of an account (frozen, password reset), here and on other instances. */
  forgetUser(uk: string, exceptTokenHash?: string): void {
    this.forgetUserHere(uk, exceptTokenHash)
    this.broadcast?.(uk)
  }

  /** What another instance's broadcast does here: its sessions are deleted in the database already. */
  forgetUserHere(uk: string, exceptTokenHash?: string): void {
    for (const [hash, entry] of this.#entries) {
      if (entry.user.uk === uk && hash !== exceptTokenHash) this.#entries.delete(hash)
    }
    this.#tell({ uk })
  }
}
