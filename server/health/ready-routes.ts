import { Hono } from 'hono'
import * as v from 'valibot'
import { ApiCode } from '../../contract/api'
import { apiDoc } from '../lib/openapi'
import { translate } from '../lib/i18n'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { readiness } from './readiness'

const ReadsSchema = v.object({
  replicaConfigured: v.boolean(),
  readsFrom: v.picklist(['replica', 'primary']),
  reason: v.nullable(v.picklist(['not_configured', 'starting', 'down', 'lagging', 'not_a_standby'])),
  lagMs: v.nullable(v.number()),
  behindBytes: v.nullable(v.number()),
  maxLagMs: v.number(),
  checkedAt: v.nullable(v.string()),
})
const ReadinessSchema = v.object({
  ready: v.boolean(),
  database: v.picklist(['ok', 'unreachable']),
  migrations: v.picklist(['applied', 'pending', 'unknown']),
  reads: ReadsSchema,
})

/** GET /api/ready: whether this instance can serve, and where its reads that may lag go. */
export const readyRoutes = new Hono<AppEnv>().get(
  '/',
  apiDoc({
    tags: ['system'],
    summary: 'Readiness: the database answers and is migrated; the read replica, its lag and whether reads use it',
    description:
      'For a load balancer or an orchestrator (liveness is /api/health). 200 when ready; 503 (code 50000, the same `data`) when the database does not answer or misses a migration. A replica down or lagging does not make the instance unready: `reads.readsFrom` is then `primary`, and `reads.reason` says why.',
    data: ReadinessSchema,
    auth: 'none',
    answers: { 503: { description: 'code 50000: not ready (the same `data`)', schema: ReadinessSchema } },
  }),
  async (c) => {
    const answer = await readiness(c.var.deps.db, c.var.deps.reads)
    if (answer.ready) return ok(c, answer)
    const msg = translate(c.var.locale, 'error_not_ready')
    return c.json({ code: ApiCode.SERVER_ERROR, msg, data: answer, isSuccess: false }, 503)
  },
)
