import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import { MAX_CREDIT_WEIGHT } from '../../contract/credit'
import { CreditWeightsAnswerSchema, CreditWeightsSchema } from '../../contract/credit-weights'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { getCreditWeights, setCreditWeights } from './service'

const tags = ['credit']
const scopeNote =
  "OFFICIAL: any market's; MARKET: its own market's (another market's id, or one that is not a uuid, answers 40400 as an unknown one does)."
const notFound = { 404: { description: 'code 40400: no such market in your scope' } }

/**
 * Merchants' credit (issue 26 §3): the ratings are computed by the server and read with the merchants;
 * here a market's weights, the points each kind of record adds.
 */
export const creditRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.credit))
  .get(
    '/markets/:id/weights',
    apiDoc({
      tags,
      summary: "A market's credit weights: the points each kind of record adds, the defaults, which are the default",
      description: scopeNote,
      data: CreditWeightsAnswerSchema,
      answers: notFound,
    }),
    validateRecordId('error_market_not_found'),
    async (c) => ok(c, await getCreditWeights(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .put(
    '/markets/:id/weights',
    apiDoc({
      tags,
      summary: `Set a market's credit weights (every reason, whole points 0–${MAX_CREDIT_WEIGHT}; 0 lists a record without counting it)`,
      description: `${scopeNote} Audited as an edit of the market; every merchant of the market is recomputed in the same transaction, so the answer's weights are what the stars now say.`,
      data: CreditWeightsAnswerSchema,
      answers: notFound,
    }),
    validateRecordId('error_market_not_found'),
    validate('json', CreditWeightsSchema),
    async (c) =>
      ok(
        c,
        await setCreditWeights(c.var.deps, c.var.user, { id: c.req.valid('param').id, weights: c.req.valid('json') }),
      ),
  )
