import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import * as v from 'valibot'
import { API_ROLES } from '../../contract/access'
import { STREAM_HEARTBEAT_MS } from '../../contract/live'
import { MarketQueryEntries } from '../../contract/scope'
import { isSessionLive, requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { isInScope, marketScope } from '../lib/scope'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import type { LiveEvent } from '../lib/live-publish'
import { openStreams } from './open-streams'
import { streamPlaces } from './stream-places'

type Message = { event: string; data: string; id?: string }
const toMessage = (event: LiveEvent): Message => ({ event: event.type, data: JSON.stringify(event.data), id: event.id })

/** A client that falls this far behind is dropped; it reconnects and resumes from its last id. */
const MAX_QUEUED = 1_000
const LastEventIdSchema = v.optional(v.pipe(v.string(), v.regex(/^[0-9a-z]{1,16}-[0-9a-f]{10}$/)))
/** Matches no kept event: what a malformed Last-Event-ID resumes from. */
const UNKNOWN_EVENT_ID = '-'

/**
 * GET /api/stream: the live events the caller may see, as Server-Sent Events. A MARKET caller hears
 * only its own market whatever `market` says; an OFFICIAL caller hears `market`, or every market.
 */
export const streamRoutes = new Hono<AppEnv>().use(requireSession(), requireRole(...API_ROLES.dashboard)).get(
  '/',
  apiDoc({
    tags: ['live'],
    summary: 'Live events (Server-Sent Events): device, transactions, passengers, tests, messages',
    description:
      'Each event has an id; reconnect with the Last-Event-ID header to receive what was missed in the last five minutes (a `reset` event says the id is too old: read figures afresh). A `heartbeat` event comes every 15 s. Scoped like every market read. At most 6 open streams a session and 20 an account (per server instance): one more is refused with 429 (42900, `data.retryAfter`).',
    raw: { description: 'text/event-stream', types: ['text/event-stream'] },
  }),
  validate('query', v.object({ ...MarketQueryEntries })),
  (c) => {
    const { deps, user } = c.var
    const scope = marketScope(user, c.req.valid('query').market)
    const lastEventId = v.safeParse(LastEventIdSchema, c.req.header('last-event-id') || undefined)
    // Refused (429) before anything is set up when the session or the account holds its cap.
    const release = streamPlaces(deps).take(user.tokenHash, user.uk)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const queue: Message[] = []
      let wake: (() => void) | null = null
      let closed = false
      const close = () => {
        closed = true
        // At once, not when the loop wakes: a closed tab's place is free for the next request.
        release()
        wake?.()
      }
      const { missed, unsubscribe } = deps.live.subscribe(
        {
          accepts: (event) =>
            event.userUk !== undefined ? event.userUk === user.uk : isInScope(scope, event.marketId),
          send: (event) => {
            if (queue.length >= MAX_QUEUED) return close()
            queue.push(toMessage(event))
            wake?.()
          },
          // Events were missed on this instance: the client reads its figures afresh.
          lost: () => {
            queue.push({ event: 'reset', data: '{}' })
            wake?.()
          },
        },
        // An id not of our form was never ours (or is from an older server): it cannot be resumed
        // from, so it is looked up like any unknown id and answered with `reset`.
        lastEventId.success ? lastEventId.output : UNKNOWN_EVENT_ID,
      )
      stream.onAbort(close)
      // A shutdown ends the stream at once with a hint when to reconnect (the write goes out before the end).
      const forget = openStreams.add((retryMs) => {
        void stream.write(`retry: ${retryMs}\n\n`)
        close()
      })
      /** Ends the stream when its session no longer holds; answers whether it does. */
      const checkSession = () =>
        isSessionLive(deps, user.tokenHash).then(
          (live) => {
            if (!live) close()
            return live
          },
          () => {
            close()
            return false
          },
        )
      const heartbeat = setInterval(() => {
        void checkSession().then((live) => {
          if (!live) return
          queue.push({ event: 'heartbeat', data: JSON.stringify({ time: deps.clock().toISOString() }) })
          wake?.()
        })
      }, STREAM_HEARTBEAT_MS)
      // A logout, freeze or password reset ends the stream at once (the console is then told why when
      // it reconnects), not at the next heartbeat up to 15 s later.
      const stopWatching = deps.sessionCache.onEnded((ended) => {
        if (ended.tokenHash === user.tokenHash) close()
        else if (ended.uk === user.uk) void checkSession()
      })
      try {
        // The reconnection time clients keep (the console waits at least this long after a drop, as
        // EventSource does): a second, its backoff's first step, so a stream ended by a logout or a
        // crash is back (or told why) soon. A shutdown sends its own, longer hint.
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ market: scope }), retry: 1000 })
        if (missed === null) await stream.writeSSE({ event: 'reset', data: '{}' })
        else queue.unshift(...missed.map(toMessage))
        while (!closed) {
          const message = queue.shift()
          if (!message) {
            await new Promise<void>((resolve) => {
              wake = resolve
            })
            wake = null
            continue
          }
          await stream.writeSSE(message)
        }
      } finally {
        forget()
        stopWatching()
        clearInterval(heartbeat)
        unsubscribe()
        release()
      }
    })
  },
)
