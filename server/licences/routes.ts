import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import {
  HolderLicencesSchema,
  LicenceCountsQuerySchema,
  LicenceCountsSchema,
  MarketRulesAnswerSchema,
  MarketRulesSchema,
} from '../../contract/licences'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { getMarketLicences, getMerchantLicences, licenceCounts } from './queries'
import { getMarketRules, setMarketRules } from './service'

const tags = ['licences']
const scopeNote =
  "OFFICIAL: any market's; MARKET: its own market's (another market's id, or one that is not a uuid, answers 40400 as an unknown one does)."
const stateNote =
  'Each state is computed from today in Asia/Shanghai: expired after its last valid day, expiring within 30 days of it, missing when none is held.'

/**
 * Licences (issue 26 §1): read here, written with the merchant's and the market's forms (their
 * routes), so a licence never changes apart from the record it belongs to. A market's rules too.
 */
export const licenceRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.licences))
  .get(
    '/counts',
    apiDoc({
      tags,
      summary: "How many active merchants are in each licence state (the worse of each merchant's two)",
      description: `MARKET: its own market whatever \`market\` says; OFFICIAL: \`market\`'s, or every market's without it. ${stateNote}`,
      data: LicenceCountsSchema,
    }),
    validate('query', LicenceCountsQuerySchema),
    async (c) => ok(c, await licenceCounts(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/merchants/:id',
    apiDoc({
      tags,
      summary: "A merchant's health certificate and food business licence, each with its state",
      description: `${scopeNote} ${stateNote}`,
      data: HolderLicencesSchema,
      answers: { 404: { description: 'code 40400: no such merchant in your scope' } },
    }),
    validateRecordId('error_merchant_not_found'),
    async (c) => ok(c, await getMerchantLicences(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .get(
    '/markets/:id',
    apiDoc({
      tags,
      summary: "A market's own business licence and operating licence, each with its state",
      description: `${scopeNote} ${stateNote}`,
      data: HolderLicencesSchema,
      answers: { 404: { description: 'code 40400: no such market in your scope' } },
    }),
    validateRecordId('error_market_not_found'),
    async (c) => ok(c, await getMarketLicences(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .get(
    '/markets/:id/rules',
    apiDoc({
      tags,
      summary: "A market's rules: days of grace for licences missing, days to resolve a complaint",
      description: scopeNote,
      data: MarketRulesAnswerSchema,
      answers: { 404: { description: 'code 40400: no such market in your scope' } },
    }),
    validateRecordId('error_market_not_found'),
    async (c) => ok(c, await getMarketRules(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .put(
    '/markets/:id/rules',
    apiDoc({
      tags,
      summary: "Set a market's rules (grace days 0–365, complaint days 1–90); audited as an edit of the market",
      description: `${scopeNote} A complaint already open keeps the due time it was given.`,
      data: MarketRulesSchema,
      answers: { 404: { description: 'code 40400: no such market in your scope' } },
    }),
    validateRecordId('error_market_not_found'),
    validate('json', MarketRulesSchema),
    async (c) =>
      ok(c, await setMarketRules(c.var.deps, c.var.user, { id: c.req.valid('param').id, rules: c.req.valid('json') })),
  )
