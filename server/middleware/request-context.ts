import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { localeFromHeader } from '../lib/i18n'
import type { AppEnv, ServerDeps } from '../lib/types'

function clientAddressOf(c: Parameters<MiddlewareHandler<AppEnv>>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket behind it.
    return 'unknown'
  }
}

/** Request id, locale, client address and one log line per request (never headers or bodies). */
export function requestContext(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID()
    c.set('deps', deps)
    c.set('requestId', requestId)
    c.set('locale', localeFromHeader(c.req.header('accept-language')))
    c.set('clientAddress', clientAddressOf(c, deps.config.trustProxy))
    // Set before the handler runs: a header added to a finished response makes Hono copy it into a
    // streamed Response, which costs the node adapter its fast path.
    if (c.req.path.startsWith('/api/')) c.header('X-Request-Id', requestId)
    await next()
    if (c.req.path.startsWith('/api/') && deps.logger.isLevelEnabled('info')) {
      deps.logger.info(
        { reqId: requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 },
        'request',
      )
    }
  }
}
