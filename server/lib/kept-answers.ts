/**
 * Answers too costly to compute per view, kept per instance and served while fresh; once old (but not
 * too old) the kept answer is still served at once and a new one computed behind it
 * (stale-while-revalidate), one computation per key at a time. Used for the platform-wide rankings
 * over 7 and 30 days, which sum a row per merchant per day over every merchant (DESIGN §8: 200,000
 * merchants, 6 million rows in 30 days): seconds of work, and a ranking a minute old reads the same;
 * and for the transactions list's capped counts, which its cursor pages reuse (`keep` stores one).
 * An answer past its `staleMs` is never served, so it is dropped; at most MAX_ENTRIES are held.
 */
type Entry<T> = { value?: T; at: number; dropAt: number; pending?: Promise<T> }

/** Keys can come from what callers type (a list's filters): never more than this many answers held. */
const MAX_ENTRIES = 10_000

export type KeptFor = {
  /** Served as is for this long. */
  freshMs: number
  /** Served while a new answer is computed, up to this age; older, the caller waits for the new one. */
  staleMs: number
}

export class KeptAnswers {
  private readonly entries = new Map<string, Entry<unknown>>()

  constructor(private readonly onRefreshError: (error: unknown) => void = () => {}) {}

  async get<T>(key: string, nowMs: number, keptFor: KeptFor, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined
    if (entry && entry.value !== undefined) {
      const age = nowMs - entry.at
      if (age < keptFor.freshMs) return entry.value
      if (age < keptFor.staleMs) {
        // The caller has its answer now; a failure here is the next caller's to retry.
        this.refresh(key, nowMs, keptFor, compute).catch(this.onRefreshError)
        return entry.value
      }
    }
    return this.refresh(key, nowMs, keptFor, compute)
  }

  /** An answer computed by the caller itself (a list's first page counts its rows): kept as `get` keeps one. */
  keep<T>(key: string, nowMs: number, keptFor: KeptFor, value: T): void {
    const pending = this.entries.get(key)?.pending
    this.entries.set(key, { value, at: nowMs, dropAt: nowMs + keptFor.staleMs, ...(pending ? { pending } : {}) })
    this.forgetOld(nowMs)
  }

  private refresh<T>(key: string, nowMs: number, keptFor: KeptFor, compute: () => Promise<T>): Promise<T> {
    const entry = (this.entries.get(key) as Entry<T> | undefined) ?? { at: 0, dropAt: nowMs + keptFor.staleMs }
    if (entry.pending) return entry.pending
    const pending = compute().then(
      (value) => {
        this.entries.set(key, { value, at: nowMs, dropAt: nowMs + keptFor.staleMs })
        return value
      },
      (error: unknown) => {
        entry.pending = undefined
        throw error
      },
    )
    entry.pending = pending
    this.entries.set(key, entry)
    this.forgetOld(nowMs)
    return pending
  }

  /** Answers too old to serve are dropped (keys carry the day: yesterday's go); then the oldest kept, past the cap. */
  private forgetOld(nowMs: number) {
    if (this.entries.size < 64) return
    for (const [key, entry] of this.entries) if (!entry.pending && nowMs >= entry.dropAt) this.entries.delete(key)
    // A Map iterates in the order keys were first set: the oldest first.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break
      if (!entry.pending) this.entries.delete(key)
    }
  }
}
