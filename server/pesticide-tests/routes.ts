import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import { FollowUpInputSchema, FollowUpSchema, PesticideTestListSchema } from '../../contract/pesticide-tests'
import { PesticideTestExportQuerySchema, PesticideTestListQuerySchema } from '../../contract/pesticide-tests-list'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { listPesticideTests } from './queries'
import { pesticideTestsCsv, recordFollowUp } from './service'

const tags = ['pesticide tests']
const scopeNote =
  "A MARKET caller sees only its own market's tests whatever `market` says; an OFFICIAL caller sees `market`'s, or every market's without it. Days (`from`, `to`, both included) are Asia/Shanghai days: the last 7 up to `to` (today when absent) when `from` is not given, at most 31 a query. `q` searches the produce; `sort=failures` lists the failures first, each newest first."

/** The pesticide-test history (issue 25 §3): read by both console roles; a follow-up written by the market's operator. */
export const pesticideTestRoutes = new Hono<AppEnv>()
  .use(requireSession())
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'Pesticide tests, newest first (or the failures first), filtered, paged',
      description: `${scopeNote} Each test carries its follow-up once recorded.`,
      data: PesticideTestListSchema,
    }),
    requireRole(...API_ROLES.pesticideTests),
    validate('query', PesticideTestListQuerySchema),
    async (c) => ok(c, await listPesticideTests(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/export',
    apiDoc({
      tags,
      summary: 'Every test the filters match, as CSV (UTF-8 with BOM), in the list order, streamed',
      description: `${scopeNote} Fixed values in the caller's language; cells a spreadsheet would run as a formula start with an apostrophe.`,
      raw: { description: 'The CSV file', types: ['text/csv'] },
    }),
    requireRole(...API_ROLES.pesticideTests),
    validate('query', PesticideTestExportQuerySchema),
    (c) =>
      c.body(pesticideTestsCsv(c.var.deps, c.var.user, c.req.valid('query'), c.var.locale), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="pesticide-tests.csv"',
      }),
  )
  .post(
    '/:id/follow-up',
    apiDoc({
      tags,
      summary: "Records what the market did about its failed test (once a test; who and when are the server's)",
      description:
        "Only the test's market's operator (MARKET) records it; OFFICIAL reads it. Another market's test, or an id that is not a test's, answers 40400; a test that passed, or one already followed up (also two recordings at once), 40900. Audited; the test's to-do is marked read.",
      data: FollowUpSchema,
      answers: {
        404: { description: 'code 40400: no such test in your market' },
        409: { description: 'code 40900: the test passed, or its follow-up is recorded already' },
      },
    }),
    requireRole(...API_ROLES.pesticideTestFollowUp),
    validateRecordId('error_pesticide_test_not_found'),
    validate('json', FollowUpInputSchema),
    async (c) =>
      ok(c, await recordFollowUp(c.var.deps, c.var.user, { id: c.req.valid('param').id, input: c.req.valid('json') })),
  )
