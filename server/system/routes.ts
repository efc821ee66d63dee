import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import { SystemSchema } from '../../contract/system'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { systemFor } from './service'

/** GET /api/system: the System page's figures (OFFICIAL only). */
export const systemRoutes = new Hono<AppEnv>().use(requireSession(), requireRole(...API_ROLES.system)).get(
  '/',
  apiDoc({
    tags: ['system'],
    summary: 'What an operator watches: ingest per minute, devices online per market, refusals, slowest routes',
    description:
      "`platform` is read from the database (the minute rollup and the devices; the replica when one is configured and keeping up), the same whichever instance answers. `thisInstance` is the answering instance's own since it started (`startedAt`): events received by outcome, refusals by reason (refused batches are stored nowhere) and its slowest API routes (p95 from its request histogram, as /api/metrics exposes it).",
    data: SystemSchema,
  }),
  async (c) => ok(c, await systemFor(c.var.deps)),
)
