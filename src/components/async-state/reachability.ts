import { api } from '@/lib/api-client'

/** First look after this long, then twice as long each time, up to the cap. */
const FIRST_DELAY_MS = 1_000
const MAX_DELAY_MS = 10_000
/** Waits that start again this soon after the server answered keep the longer delay (no retry storm). */
const SETTLE_MS = 10_000

type ReachabilityDeps = {
  /** Whether the server answers now. */
  check: () => Promise<boolean>
  now?: () => number
}

/**
 * Waits for the server to answer again, for every failure on screen at once: one health check at a
 * time (backing off while the server stays away), checked at once when the browser says the network
 * is back, and every waiter called when it answers.
 */
export class ReachabilityWatch {
  private readonly waiters = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private checking = false
  private attempt = 0
  private answeredAt = Number.NEGATIVE_INFINITY
  private readonly now: () => number

  constructor(private readonly deps: ReachabilityDeps) {
    this.now = deps.now ?? Date.now
  }

  /** Calls `waiter` once, when the server answers again; answers the cancel. */
  wait(waiter: () => void): () => void {
    const entry = () => waiter()
    this.waiters.add(entry)
    if (this.waiters.size === 1) {
      if (this.now() - this.answeredAt > SETTLE_MS) this.attempt = 0
      this.schedule()
    }
    return () => {
      this.waiters.delete(entry)
      if (this.waiters.size === 0) clearTimeout(this.timer)
    }
  }

  /** The connection may be back (the browser's `online` event): look now rather than at the next turn. */
  checkNow(): void {
    if (this.waiters.size === 0 || this.checking) return
    clearTimeout(this.timer)
    void this.probe()
  }

  private schedule(): void {
    clearTimeout(this.timer)
    const delay = Math.min(FIRST_DELAY_MS * 2 ** this.attempt, MAX_DELAY_MS)
    this.attempt += 1
    this.timer = setTimeout(() => void this.probe(), delay)
  }

  private async probe(): Promise<void> {
    if (this.waiters.size === 0) return
    this.checking = true
    let answered = false
    try {
      answered = await this.deps.check()
    } catch {
      answered = false
    } finally {
      this.checking = false
    }
    if (this.waiters.size === 0) return
    if (!answered) return this.schedule()
    this.answeredAt = this.now()
    const waiting = [...this.waiters]
    this.waiters.clear()
    for (const waiter of waiting) waiter()
  }
}

/** This tab's watch: GET /api/health (public, no session needed). */
export const reachability = new ReachabilityWatch({
  check: () => api('/health', '$get').then(() => true),
})

if (typeof window !== 'undefined') window.addEventListener('online', () => reachability.checkNow())
