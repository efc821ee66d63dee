import type { Logger } from 'pino'
import type { DatabaseEvents } from '../db/client'
import { LIVE_CHANNEL, type LiveEvent } from './live-publish'

/** How long, and how many, events are kept for a reconnecting client to resume from. */
const KEEP_MS = 5 * 60_000
const KEEP_MAX = 20_000

export type LiveSubscriber = {
  /** Whether this subscriber may see the event (its caller's market scope, or its own messages). */
  accepts: (event: LiveEvent) => boolean
  send: (event: LiveEvent) => void
  /** Events may have been missed (this instance's LISTEN connection was lost): read afresh. */
  lost: () => void
}

type Kept = { event: LiveEvent; at: number }

/**
 * This instance's end of the live events: it listens on the shared channel (so an event published by
 * any instance, on commit, arrives here in commit order), keeps the last few minutes for resumes, and
 * hands each event to the subscribers allowed to see it.
 */
export class LiveBus {
  /** Kept events, oldest first, from `first` on: forgetting moves `first` instead of copying the array
   * per event (at the cap, a copy of 20,000 per event made a burst of 190,000 events quadratic). */
  private kept: Kept[] = []
  private first = 0
  private readonly subscribers = new Set<LiveSubscriber>()
  private observeLag: ((seconds: number) => void) | null = null

  constructor(
    private readonly now: () => number = Date.now,
    private readonly logger?: Logger,
  ) {}

  /** Starts listening; resolves once the LISTEN is in place. */
  async listen(events: DatabaseEvents): Promise<() => Promise<void>> {
    return events.listen(
      LIVE_CHANNEL,
      (payload) => {
        try {
          this.receive(JSON.parse(payload) as LiveEvent)
        } catch (error) {
          this.logger?.warn({ err: error }, 'unreadable live event')
        }
      },
      () => this.lost(),
    )
  }

  /**
   * The LISTEN connection was lost and is back: events published meanwhile never reached this
   * instance. The kept window has a hole, so it is dropped (a resume from before it gets `reset`), and
   * every subscriber is told to read afresh.
   */
  lost(): void {
    this.logger?.warn('listening for live events again: subscribers read afresh')
    this.kept = []
    this.first = 0
    for (const subscriber of this.subscribers) subscriber.lost()
  }

  /** Reports each arriving event's lag: now less the time its id was made (live-publish.ts), in seconds. */
  measureLag(observe: (seconds: number) => void): void {
    this.observeLag = observe
  }

  receive(event: LiveEvent): void {
    const at = this.now()
    if (this.observeLag) {
      const made = parseInt(event.id.slice(0, event.id.indexOf('-')), 36)
      if (Number.isFinite(made)) this.observeLag(Math.max(0, at - made) / 1000)
    }
    this.kept.push({ event, at })
    this.forgetOld(at)
    for (const subscriber of this.subscribers) {
      if (subscriber.accepts(event)) subscriber.send(event)
    }
  }

  /**
   * Subscribes; with the id of the last event the client saw, first answers what it missed since (in
   * the order events arrived), or null when that id is no longer kept (the client must start afresh).
   */
  subscribe(subscriber: LiveSubscriber, lastEventId?: string): { missed: LiveEvent[] | null; unsubscribe: () => void } {
    this.forgetOld(this.now())
    let missed: LiveEvent[] | null = []
    if (lastEventId) {
      const position = this.positionOf(lastEventId)
      missed =
        position === -1
          ? null
          : this.kept
              .slice(position + 1)
              .map(({ event }) => event)
              .filter(subscriber.accepts)
    }
    this.subscribers.add(subscriber)
    return { missed, unsubscribe: () => this.subscribers.delete(subscriber) }
  }

  get subscriberCount(): number {
    return this.subscribers.size
  }

  /** Where a kept event is, or -1. From the newest back: a reconnecting client missed little. */
  private positionOf(id: string): number {
    for (let index = this.kept.length - 1; index >= this.first; index--)
      if ((this.kept[index] as Kept).event.id === id) return index
    return -1
  }

  private forgetOld(now: number): void {
    const { kept } = this
    while (
      this.first < kept.length &&
      (kept.length - this.first > KEEP_MAX || (kept[this.first] as Kept).at < now - KEEP_MS)
    )
      this.first++
    // Compacted once the forgotten part outgrows the kept part: each event is copied O(1) times.
    if (this.first > 1024 && this.first > kept.length - this.first) {
      this.kept = kept.slice(this.first)
      this.first = 0
    }
  }
}
