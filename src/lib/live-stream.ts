import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import * as v from 'valibot'
import { createAtom, type Atom } from '@tanstack/store'
import { useSelector } from '@tanstack/react-store'
import { LIVE_EVENTS, STREAM_HEARTBEAT_MS, type LiveEventData, type LiveEventType } from '@contract/live'
import { apiUrl, type ApiRequestError, consoleHeaders, unwrapAnswer } from './api-client'
import { backoffDelay, SseParser, type SseMessage } from './live-sse'
import { isSignedOut, reportRequestError } from './request-errors'
import { getToken } from './session'

/**
 * The console's live events (GET /api/stream, Server-Sent Events): one connection per tab, opened by
 * the console layout while someone is signed in, for the market in scope. Read with fetch (EventSource
 * cannot send the Authorization header); reconnects with backoff, resuming with Last-Event-ID.
 * Subscribers use `useLiveEvent(type, handler)`, with the data checked against contract/live.ts.
 */

/** off: not connected (signed out, or the session ended); connecting: the first attempt for this scope. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting'

/** What the stream itself tells subscribers, beside the data events. */
type StreamSignals = {
  /** Connected; `reconnected` when this is not the first connection for the current scope. */
  ready: { reconnected: boolean }
  /** Events may have been missed (the server could not resume, or there was no id to resume from): read afresh. */
  resync: Record<string, never>
}
export type LiveSubscription = LiveEventType | keyof StreamSignals
export type LiveData<T extends LiveSubscription> = T extends LiveEventType
  ? LiveEventData<T>
  : T extends keyof StreamSignals
    ? StreamSignals[T]
    : never

type LiveClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /** The session's headers (Authorization, language, XSRF), read at each connection. */
  headers: () => Record<string, string>
  random?: () => number
  now?: () => number
  /** The server said the session has ended (1001): no more attempts until started again. */
  onSignedOut: (error: ApiRequestError) => void
}

/** No byte for this long (three missed heartbeats' worth) means the connection is dead: start another. */
export const SILENCE_MS = STREAM_HEARTBEAT_MS * 3
/** A connection that lasted this long was a good one: the next drop starts the backoff afresh. */
const STABLE_MS = 10_000
/** The longest a refusal's Retry-After is heeded (a proxy's odd header must not silence the tab for good). */
const MAX_RETRY_AFTER_MS = 5 * 60_000

type Outcome = 'ended' | 'signed-out'
type Handler = (data: never) => void

export class LiveClient {
  readonly status: Atom<LiveStatus> = createAtom<LiveStatus>('off')
  /** The scope connected for (null market: every market the caller may see); null when stopped. */
  private target: { market: string | null } | null = null
  private controller: AbortController | null = null
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private silenceTimer: ReturnType<typeof setTimeout> | undefined
  private attempt = 0
  private lastEventId = ''
  private connectedBefore = false
  private liveSince: number | null = null
  /** What the last refusal asked to wait (429 with Retry-After: too many streams open), or 0. */
  private retryAfterMs = 0
  /**
   * The stream's own `retry:` (a server shutting down asks for a second or more, spread so that
   * consoles do not all come back at once): no reconnect comes sooner. Kept across connections, as a
   * browser's EventSource keeps it.
   */
  private serverRetryMs = 0
  private readonly handlers = new Map<LiveSubscription, Set<Handler>>()
  private readonly random: () => number
  private readonly now: () => number

  constructor(private readonly deps: LiveClientDeps) {
    this.random = deps.random ?? Math.random
    this.now = deps.now ?? Date.now
  }

  /** Connects for `market` (null: all the caller may see). The same market again changes nothing; another starts afresh. */
  start(market: string | null): void {
    if (this.target?.market === market) return
    this.stop()
    this.target = { market }
    this.connect()
  }

  /** Closes the connection and forgets where it was. */
  stop(): void {
    this.target = null
    const controller = this.controller
    this.controller = null
    controller?.abort()
    clearTimeout(this.retryTimer)
    clearTimeout(this.silenceTimer)
    this.attempt = 0
    this.lastEventId = ''
    this.connectedBefore = false
    this.liveSince = null
    this.retryAfterMs = 0
    this.serverRetryMs = 0
    this.status.set('off')
  }

  /** While waiting to reconnect, tries now (the browser says the network is back). */
  retryNow(): void {
    if (!this.target || this.controller) return
    clearTimeout(this.retryTimer)
    this.connect()
  }

  /** Calls `handler` with each event of `type`; answers the unsubscribe. */
  on<T extends LiveSubscription>(type: T, handler: (data: LiveData<T>) => void): () => void {
    let set = this.handlers.get(type)
    if (!set) this.handlers.set(type, (set = new Set()))
    const entry = handler as Handler
    set.add(entry)
    return () => void set.delete(entry)
  }

  private emit<T extends LiveSubscription>(type: T, data: LiveData<T>): void {
    for (const handler of this.handlers.get(type) ?? []) {
      try {
        ;(handler as (data: LiveData<T>) => void)(data)
      } catch (error) {
        // One subscriber's mistake must not end the stream for the others: reported on its own.
        setTimeout(() => {
          throw error
        })
      }
    }
  }

  private connect(): void {
    const target = this.target
    if (!target) return
    const controller = new AbortController()
    this.controller = controller
    if (this.status.get() === 'off') this.status.set('connecting')
    void this.run(target, controller).then((outcome) => {
      // Stopped, or started for another market, meanwhile: that one carries on.
      if (this.controller !== controller) return
      this.controller = null
      clearTimeout(this.silenceTimer)
      if (outcome === 'signed-out') return this.stop()
      if (this.liveSince !== null && this.now() - this.liveSince >= STABLE_MS) this.attempt = 0
      this.liveSince = null
      this.status.set('reconnecting')
      // A refusal that says how long to wait (the account's streams are at their cap) is heeded, never
      // less than the backoff: its other tabs keep their places, this one tries again now and then.
      const delay = Math.max(backoffDelay(this.attempt++, this.random), this.retryAfterMs, this.serverRetryMs)
      this.retryAfterMs = 0
      this.retryTimer = setTimeout(() => this.connect(), delay)
    })
  }

  /** Aborts the connection if nothing arrives for SILENCE_MS (a dead network sends no error). */
  private watch(controller: AbortController): void {
    clearTimeout(this.silenceTimer)
    this.silenceTimer = setTimeout(() => controller.abort(), SILENCE_MS)
  }

  private async run(target: { market: string | null }, controller: AbortController): Promise<Outcome> {
    const resumeFrom = this.lastEventId
    const headers: Record<string, string> = { ...this.deps.headers(), Accept: 'text/event-stream' }
    if (resumeFrom) headers['Last-Event-ID'] = resumeFrom
    const url = apiUrl('/stream', '$get', { query: { market: target.market ?? undefined } })
    this.watch(controller)
    try {
      const response = await this.deps.fetch(url, {
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      })
      if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        return await this.refused(response)
      const parser = new SseParser(
        (message) => this.receive(message, resumeFrom !== '', controller),
        resumeFrom,
        (ms) => {
          if (this.controller === controller) this.serverRetryMs = Math.min(ms, MAX_RETRY_AFTER_MS)
        },
      )
      const reader = response.body.getReader()
      const decoder = new TextDecoder()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return 'ended'
        this.watch(controller)
        parser.push(decoder.decode(value, { stream: true }))
      }
    } catch {
      // Aborted (stopped, or silent too long) or the network dropped.
      return 'ended'
    }
  }

  /**
   * A refusal in the API's envelope: a 1001 goes to the re-login handling; anything else is retried
   * later, after its Retry-After if it has one (429: too many streams open).
   */
  private async refused(response: Response): Promise<Outcome> {
    const retryAfter = Number(response.headers.get('retry-after'))
    if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0)
      this.retryAfterMs = Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS)
    let text: string | null = null
    try {
      text = await response.text()
    } catch {
      text = null
    }
    try {
      unwrapAnswer(text, response.status)
    } catch (error) {
      if (isSignedOut(error)) {
        this.deps.onSignedOut(error)
        return 'signed-out'
      }
    }
    return 'ended'
  }

  private receive(message: SseMessage, resumed: boolean, controller: AbortController): void {
    if (this.controller !== controller) return
    this.lastEventId = message.lastEventId
    switch (message.event) {
      case 'ready': {
        const reconnected = this.connectedBefore
        this.connectedBefore = true
        this.liveSince = this.now()
        this.status.set('live')
        this.emit('ready', { reconnected })
        // Nothing to resume from: what happened while away is unknown.
        if (reconnected && !resumed) this.emit('resync', {})
        return
      }
      case 'reset':
        return this.emit('resync', {})
      case 'heartbeat':
        return
    }
    if (!Object.hasOwn(LIVE_EVENTS, message.event)) return
    const type = message.event as LiveEventType
    let json: unknown
    try {
      json = JSON.parse(message.data)
    } catch {
      return
    }
    const parsed = v.safeParse(LIVE_EVENTS[type], json)
    if (parsed.success) this.emit(type, parsed.output as LiveData<typeof type>)
  }
}

/** This tab's one connection. */
const liveClient = new LiveClient({
  fetch: (url, init) => fetch(url, init),
  headers: consoleHeaders,
  onSignedOut: (error) => reportRequestError(error, undefined),
})

/**
 * Keeps the tab's live connection open while mounted (the console layout calls this) and someone is
 * signed in, for the market in scope: another market reconnects with the new `?market=`.
 */
export function useLiveConnection(market: string | null): void {
  useEffect(() => {
    if (!getToken()) return
    // The first connection waits until the page's first load has settled (issue 24): its request would
    // otherwise take a connection and main-thread time from what the first paint needs; a later scope
    // change connects at once.
    if (firstConnection) {
      firstConnection = false
      // Said as connecting meanwhile: the navbar's pill holds its place, nothing moves when it connects.
      liveClient.status.set('connecting')
      const idle = whenIdle(() => liveClient.start(market))
      return () => {
        idle.cancel()
        liveClient.stop()
      }
    }
    liveClient.start(market)
    return () => liveClient.stop()
  }, [market])
  useEffect(() => {
    const online = () => liveClient.retryNow()
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [])
}

let firstConnection = true

/** `run` once the browser is idle (at most 3 s from now), cancellable. */
function whenIdle(run: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3_000 })
    return { cancel: () => cancelIdleCallback(id) }
  }
  const timer = setTimeout(run, 500)
  return { cancel: () => clearTimeout(timer) }
}

export const useLiveStatus = (): LiveStatus => useSelector(liveClient.status)

/**
 * `run` at most once per `ms`: at once when it has not run for that long, else once when the time is
 * up, however many calls came meanwhile (a burst of live events becomes one refetch). `cancel` drops
 * a pending run.
 */
export function throttled(run: () => void, ms: number): (() => void) & { cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  const fire = () => {
    timer = undefined
    last = Date.now()
    run()
  }
  const call = () => {
    if (timer !== undefined) return
    const wait = last + ms - Date.now()
    if (wait <= 0) fire()
    else timer = setTimeout(fire, wait)
  }
  return Object.assign(call, {
    cancel: () => {
      clearTimeout(timer)
      timer = undefined
    },
  })
}

/**
 * Reads everything under `queryKey` again because of live events, at most once per `ms` however many
 * arrive. An answer already on its way is not cancelled (a burst of events must not keep the first
 * answer from ever arriving); as it may have been read before the event, the queries are read once
 * more after it. The key may change while mounted (another market in scope): a read is always of the
 * current one.
 */
export function useLiveRefresh(queryKey: QueryKey, ms = 2_000): () => void {
  const queryClient = useQueryClient()
  const currentKey = useRef(queryKey)
  useEffect(() => {
    currentKey.current = queryKey
  })
  const [refresh] = useState(() => {
    const run = throttled(() => {
      const filters = { queryKey: currentKey.current }
      const answerOnItsWay = queryClient.isFetching(filters) > 0
      void queryClient.invalidateQueries(filters, { cancelRefetch: false })
      if (answerOnItsWay) run()
    }, ms)
    return run
  })
  useEffect(() => refresh.cancel, [refresh])
  return refresh
}

/** Calls `handler` for each live event of `type` (the latest handler: it may close over anything). */
export function useLiveEvent<T extends LiveSubscription>(type: T, handler: (data: LiveData<T>) => void): void {
  const onEvent = useEffectEvent(handler)
  useEffect(() => liveClient.on(type, (data) => onEvent(data)), [type])
}
