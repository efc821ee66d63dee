import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import {
  MarketStatementExportSchema,
  MarketStatementQuerySchema,
  MarketStatementSchema,
  MerchantStatementSchema,
  PlatformStatementQuerySchema,
  PlatformStatementSchema,
  StatementRangeExportSchema,
  StatementRangeQuerySchema,
} from '../../contract/statements'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { fileHeaders, marketTable, merchantTable, platformTable, statementFile } from './export'
import { marketStatement, merchantStatement, platformStatement, platformStatementWhole } from './service'

const tags = ['statements']
const range =
  '`from`/`to`: Asia/Shanghai days, both included (one end alone: that day; neither: today); at most 31 days (40000 on `to`).'
const marketDescription = `${range} OFFICIAL names \`market\` (40000 without); a MARKET caller gets its own market whatever it names. The totals are the dashboard's figures for the same days (the same rollups); the merchants' rows are summed from the transactions in the same snapshot.`
const merchantDescription = `${range} A merchant of a market outside the caller's scope is 40400, as if absent.`
const exportNote =
  ' `format=csv` (default: UTF-8 with BOM, cells a spreadsheet would run as a formula start with an apostrophe) or `format=xlsx` (an Excel workbook, streamed).'
const file = {
  description: 'The statement as a file',
  types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
}

/** Daily statements (issue 25 §2): a market's, the platform's (OFFICIAL), a merchant's; each as JSON or a file. */
export const statementRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.statements))
  .get(
    '/market',
    apiDoc({
      tags,
      summary: "A market's statement: each merchant's payments, refunds and net by method, and the totals",
      description: marketDescription,
      data: MarketStatementSchema,
    }),
    validate('query', MarketStatementQuerySchema),
    async (c) => ok(c, await marketStatement(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/market/export',
    apiDoc({
      tags,
      summary: "A market's statement as CSV or Excel",
      description: marketDescription + exportNote,
      raw: file,
    }),
    validate('query', MarketStatementExportSchema),
    async (c) => {
      const query = c.req.valid('query')
      const table = marketTable(await marketStatement(c.var.deps, c.var.user, query), c.var.locale)
      return c.body(statementFile(table, query.format, c.var.locale), 200, fileHeaders(table, query.format))
    },
  )
  .get(
    '/platform',
    apiDoc({
      tags,
      summary: "A page of every market's payments, refunds and net, and the platform's totals (OFFICIAL)",
      description: `${range} A list (\`page\`, \`pageSize\` <= 100, \`sort\` by name or a figure, \`order\`, \`q\` in the market's name): a row per market, those without trade at zero; \`total\` counts the markets, \`totals\` are every market's.`,
      data: PlatformStatementSchema,
    }),
    requireRole(...API_ROLES.statementsPlatform),
    validate('query', PlatformStatementQuerySchema),
    async (c) => ok(c, await platformStatement(c.var.deps, c.req.valid('query'))),
  )
  .get(
    '/platform/export',
    apiDoc({
      tags,
      summary: "The platform's statement as CSV or Excel (OFFICIAL)",
      description: range + exportNote,
      raw: file,
    }),
    requireRole(...API_ROLES.statementsPlatform),
    validate('query', StatementRangeExportSchema),
    async (c) => {
      const query = c.req.valid('query')
      const table = platformTable(await platformStatementWhole(c.var.deps, query), c.var.locale)
      return c.body(statementFile(table, query.format, c.var.locale), 200, fileHeaders(table, query.format))
    },
  )
  .get(
    '/merchant/:id',
    apiDoc({
      tags,
      summary: "A merchant's own statement, a row per day",
      description: merchantDescription,
      data: MerchantStatementSchema,
    }),
    validateRecordId('error_merchant_not_found'),
    validate('query', StatementRangeQuerySchema),
    async (c) =>
      ok(
        c,
        await merchantStatement(c.var.deps, c.var.user, {
          ...c.req.valid('query'),
          merchantId: c.req.valid('param').id,
        }),
      ),
  )
  .get(
    '/merchant/:id/export',
    apiDoc({
      tags,
      summary: "A merchant's statement as CSV or Excel",
      description: merchantDescription + exportNote,
      raw: file,
    }),
    validateRecordId('error_merchant_not_found'),
    validate('query', StatementRangeExportSchema),
    async (c) => {
      const query = c.req.valid('query')
      const statement = await merchantStatement(c.var.deps, c.var.user, {
        ...query,
        merchantId: c.req.valid('param').id,
      })
      const table = merchantTable(statement, c.var.locale)
      return c.body(statementFile(table, query.format, c.var.locale), 200, fileHeaders(table, query.format))
    },
  )
