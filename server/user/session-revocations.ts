import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import * as v from 'valibot'
import type { Database, DatabaseEvents, Transaction } from '../db/client'
import { expectBack, heard, heardBack, listenerReady } from '../lib/heard-back'
import type { EndedSessions, SessionCache } from '../lib/session-cache'

const SESSION_REVOKED_CHANNEL = 'ds_session_revoked'

const EndedSessionsSchema = v.union([
  v.object({ tokenHash: v.string() }),
  v.object({ uk: v.string(), exceptTokenHash: v.optional(v.string()) }),
])

/** What a revocation is waited for by: the session's token, or the account. */
const keysOf = (ended: EndedSessions) => [ended.tokenHash === undefined ? ended.uk : ended.tokenHash]

/**
 * Tells every instance that sessions ended, from inside the transaction that ended them: PostgreSQL
 * delivers the NOTIFY when it commits, never for a change that was rolled back. Answer the caller
 * only after `endedSessionsHeard`, so that every instance has been sent it.
 */
export async function announceEndedSessions(tx: Database | Transaction, ended: EndedSessions): Promise<void> {
  const notice = expectBack(SESSION_REVOKED_CHANNEL, keysOf(ended))
  await tx.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${JSON.stringify({ ...ended, notice })})`)
}

/**
 * After the commit, before answering: until this instance (its session cache) heard back the
 * revocations this process sent for the session or the account.
 */
export const endedSessionsHeard = (cache: SessionCache, ended: EndedSessions): Promise<void> =>
  heardBack(cache, SESSION_REVOKED_CHANNEL, keysOf(ended))

/** The id a revocation's writer waits to hear (none from servers before it). */
function noticeOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as { notice?: unknown } | null)?.notice
  } catch {
    return undefined
  }
}

/** What a payload asks to forget; a bare account key is what servers before this one sent. */
function endedOf(payload: string): EndedSessions | null {
  if (!payload.startsWith('{')) return { uk: payload }
  try {
    const parsed = v.safeParse(EndedSessionsSchema, JSON.parse(payload))
    return parsed.success ? (parsed.output as EndedSessions) : null
  } catch {
    return null
  }
}

/**
 * Instances behind one database hear each other's revocations: a market frozen, a password reset or a
 * logout on one instance drops the sessions from every instance's cache (and ends their live streams)
 * at once, not after the caches expire.
 */
export function shareSessionRevocations(cache: SessionCache, events: DatabaseEvents, logger: Logger): void {
  events
    .listen(
      SESSION_REVOKED_CHANNEL,
      (payload) => {
        const ended = endedOf(payload)
        if (ended) cache.forget(ended)
        else logger.warn({ payload: payload.slice(0, 100) }, 'a session revocation not understood')
        if (payload.startsWith('{')) heard(cache, noticeOf(payload))
      },
      () => {
        // Revocations sent while the connection was away were not heard: read every session afresh.
        logger.warn('listening for session revocations again: the session cache starts afresh')
        cache.forgetAll()
      },
    )
    .then(
      () => listenerReady(cache),
      (error: unknown) => logger.warn({ err: error }, 'not listening for session revocations'),
    )
}
