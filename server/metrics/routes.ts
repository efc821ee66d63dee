import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { ApiCode } from '../../contract/api'
import { apiDoc } from '../lib/openapi'
import { failure } from '../lib/respond'
import type { AppEnv } from '../lib/types'

/** Digests of equal length, so the comparison takes the same time whatever the token's length or content. */
const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
  // Both digests are always computed and compared: a missing header takes as long as a wrong one.
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0
}

/**
 * GET /api/metrics: this instance's metrics in Prometheus' text format (prom-client), for a scraper
 * holding METRICS_TOKEN. Unset, the route answers exactly what an unknown API path does (404).
 */
export const metricsRoutes = new Hono<AppEnv>().get(
  '/',
  apiDoc({
    tags: ['system'],
    summary: "This instance's metrics, Prometheus text format (needs METRICS_TOKEN as a Bearer token)",
    description:
      'Off (404, as an unknown path) unless the server has METRICS_TOKEN; then `Authorization: Bearer <token>` is required (401 otherwise). Requests by route template, method and status (count and duration histogram), device events and batches by kind and outcome, refusals by reason, devices online, live subscribers and the live bus lag, the database pool, and Node process metrics; every sample labelled with `instance`. No label holds a record, a name or an address.',
    auth: 'none',
    raw: { description: 'Prometheus text exposition format 0.0.4', types: ['text/plain'] },
    answers: {
      401: { description: 'code 40100: no or wrong Bearer token' },
      404: { description: 'code 40400: metrics are off (no METRICS_TOKEN)' },
    },
  }),
  async (c) => {
    const { deps } = c.var
    const token = deps.config.metrics?.token
    if (!token) return failure(c, ApiCode.NOT_FOUND, 'error_api_not_found', null, { path: c.req.path })
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return failure(c, ApiCode.WRONG_CREDENTIALS, 'error_metrics_token')
    }
    const registry = deps.metrics.registry
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType })
  },
)
