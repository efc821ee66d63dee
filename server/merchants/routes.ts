import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import { ClearPwdSchema } from '../../contract/markets'
import {
  CreateMerchantSchema,
  MerchantCreatedSchema,
  MerchantDetailSchema,
  MerchantExportQuerySchema,
  MerchantIdParamSchema,
  MerchantListQuerySchema,
  MerchantListSchema,
  MerchantSchema,
  UpdateMerchantSchema,
} from '../../contract/merchants'
import { NullDataSchema } from '../../contract/user'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { merchantCsv } from './export'
import { getMerchant, getMerchantDetail, listMerchants } from './queries'
import { createMerchant, resetMerchantPassword, setMerchantStatus, updateMerchant } from './service'

const tags = ['merchants']
const scopeNote =
  'A MARKET caller sees only its own market whatever `market` says; an OFFICIAL caller sees `market`, or every market without it.'

/** Merchant management: OFFICIAL and MARKET, every read and write held to the caller's market scope. */
export const merchantRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.merchants))
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'Merchants, paged, sorted and filtered',
      description: scopeNote,
      data: MerchantListSchema,
    }),
    validate('query', MerchantListQuerySchema),
    async (c) => ok(c, await listMerchants(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/export',
    apiDoc({
      tags,
      summary: 'Every merchant the filters match, as CSV (UTF-8 with BOM), newest first, streamed',
      description: `${scopeNote} Cells a spreadsheet would run as a formula start with an apostrophe.`,
      raw: { description: 'The CSV file', types: ['text/csv'] },
    }),
    validate('query', MerchantExportQuerySchema),
    (c) =>
      c.body(merchantCsv(c.var.deps, c.var.user, c.req.valid('query'), c.var.locale), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="merchants.csv"',
      }),
  )
  .post(
    '/',
    apiDoc({
      tags,
      summary: 'Register a merchant and its account (one transaction)',
      description:
        'OFFICIAL names marketId; a MARKET caller registers in its own market (another marketId: 40300). Answers the account username and its initial password, shown once. 40900: stall taken.',
      data: MerchantCreatedSchema,
    }),
    validate('json', CreateMerchantSchema),
    async (c) => ok(c, await createMerchant(c.var.deps, c.var.user, c.req.valid('json'))),
  )
  .get(
    '/:id',
    apiDoc({ tags, summary: 'One merchant with every field (never a password)', data: MerchantSchema }),
    validate('param', MerchantIdParamSchema),
    async (c) => ok(c, await getMerchant(c.var.deps, c.var.user, c.req.valid('param'))),
  )
  .get(
    '/:id/detail',
    apiDoc({
      tags,
      summary: "A merchant's page: every field, the ID card and bank numbers masked, its bound devices",
      description:
        "A MARKET caller reads only its own market's merchants: another market's id, or one that is not a uuid, answers 40400 as an unknown one does. Read-only; never a password.",
      data: MerchantDetailSchema,
      answers: { 404: { description: 'code 40400: no such merchant in your scope' } },
    }),
    validateRecordId('error_merchant_not_found'),
    async (c) => ok(c, await getMerchantDetail(c.var.deps, c.var.user, c.req.valid('param'))),
  )
  .put(
    '/:id',
    apiDoc({
      tags,
      summary: 'Edit a merchant',
      description: 'A bank number, once saved, cannot change (40900); an empty one may be given. 40900: stall taken.',
      data: NullDataSchema,
    }),
    validate('param', MerchantIdParamSchema),
    validate('json', UpdateMerchantSchema),
    async (c) => {
      await updateMerchant(c.var.deps, c.var.user, { id: c.req.valid('param').id, fields: c.req.valid('json') })
      return ok(c, null)
    },
  )
  .post(
    '/:id/leave',
    apiDoc({
      tags,
      summary: 'The merchant leaves: its stall is freed, its account frozen, its history kept',
      data: NullDataSchema,
    }),
    validate('param', MerchantIdParamSchema),
    async (c) => {
      await setMerchantStatus(c.var.deps, c.var.user, { id: c.req.valid('param').id, status: 'left' })
      return ok(c, null)
    },
  )
  .post(
    '/:id/return',
    apiDoc({
      tags,
      summary: 'The merchant comes back to its stall (40900 if another merchant has it now)',
      data: NullDataSchema,
    }),
    validate('param', MerchantIdParamSchema),
    async (c) => {
      await setMerchantStatus(c.var.deps, c.var.user, { id: c.req.valid('param').id, status: 'active' })
      return ok(c, null)
    },
  )
  .post(
    '/:id/reset-password',
    apiDoc({ tags, summary: "A new random password for the merchant's account, shown once", data: ClearPwdSchema }),
    validate('param', MerchantIdParamSchema),
    async (c) =>
      ok(c, { clearPwd: await resetMerchantPassword(c.var.deps, c.var.user, { id: c.req.valid('param').id }) }),
  )
