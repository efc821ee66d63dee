import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { localeFromHeader } from '../lib/i18n'
import type { AppEnv, ServerDeps } from '../lib/types'
import { requestLog } from './request-log'

type Ctx = Parameters<MiddlewareHandler<AppEnv>>[0]

/**
 * The entry of a comma-separated X-Forwarded-* header that the outermost trusted proxy appended:
 * `hops` from the right. Everything left of it was written by the client and proves nothing. With
 * fewer entries than hops, the left-most (every entry then came from a trusted proxy).
 */
export function forwardedEntry(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null
  const entries = header.split(',')
  const entry = entries[Math.max(0, entries.length - hops)]?.trim()
  return entry || null
}

function clientAddressOf(c: Ctx, trustProxy: number): string {
  // An address is at most 45 characters (IPv6); the cap keeps a misconfigured proxy from making huge keys.
  const forwarded = forwardedEntry(c.req.header('x-forwarded-for'), trustProxy)?.slice(0, 64)
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket behind it.
    return 'unknown'
  }
}

/** Whether the browser reached us over HTTPS: directly, or as the trusted proxy reports it. */
export function servedOverHttps(c: Ctx, trustProxy: number): boolean {
  if (forwardedEntry(c.req.header('x-forwarded-proto'), trustProxy)?.toLowerCase() === 'https') return true
  // Behind the node adapter, ask the socket: reading c.req.url builds the whole URL on every request,
  // which cost /api/user/info an eighth of its throughput. app.request() in tests has no socket.
  const incoming = (c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined)?.incoming
  return incoming ? incoming.socket?.encrypted === true : c.req.url.startsWith('https:')
}

/** Request id, locale, client address, the route's timing (server/lib/route-timings.ts) and a log line per request (routine device calls summed: request-log.ts). */
export function requestContext(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  const log = requestLog(deps.logger, () => performance.now())
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
    const ms = performance.now() - started
    // The matched route's template (its registered path, kept by the router: nothing is built per
    // request), never the address: ids would make a series per record. hono/route's routePath(c)
    // maps the matched routes into a new array on each call; this getter reads the one it matched.
    deps.metrics.routes.observe(c.req.routePath, c.req.method, c.res.status, ms / 1000)
    if (c.req.path.startsWith('/api/')) {
      log({
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      })
    }
  }
}
