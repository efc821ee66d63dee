import type { Logger } from 'pino'
import type { DatabaseEvents } from '../db/client'
import type { SessionCache } from '../lib/session-cache'

const SESSION_REVOKED_CHANNEL = 'ds_session_revoked'

/**
 * Instances behind one database hear each other's revocations: a market frozen on one instance is
 * signed out at once on all of them, not after their session caches expire.
 */
export function shareSessionRevocations(cache: SessionCache, events: DatabaseEvents, logger: Logger): void {
  cache.broadcast = (uk) => {
    events
      .notify(SESSION_REVOKED_CHANNEL, uk)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not broadcast a session revocation'))
  }
  events
    .listen(SESSION_REVOKED_CHANNEL, (uk) => cache.forgetUserHere(uk))
    .catch((error: unknown) => logger.warn({ err: error }, 'not listening for session revocations'))
}
