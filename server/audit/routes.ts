import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import { AuditListSchema } from '../../contract/audit'
import { AuditExportQuerySchema, AuditListQuerySchema } from '../../contract/audit-list'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { listAudit } from './queries'
import { auditCsv } from './service'

const tags = ['audit']
const scopeNote =
  "A MARKET caller sees only its own market's entries whatever `market` says; an OFFICIAL caller sees `market`'s, or every entry (platform-level ones too) without it. Days (`from`, `to`, both included) are Asia/Shanghai days. Never shows a password, secret, token or hash; bank numbers show only their last four digits."

/** The operation log (issue 23 §1): OFFICIAL and MARKET, read only, held to the caller's market scope. */
export const auditRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.audit))
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'The operation log, newest first, paged and filtered',
      description: `${scopeNote} The total is counted up to 10,000: past it \`totalCapped\` is true and \`total\` is 10,000 (show "10,000+").`,
      data: AuditListSchema,
    }),
    validate('query', AuditListQuerySchema),
    async (c) => ok(c, await listAudit(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/export',
    apiDoc({
      tags,
      summary: 'Every entry the filters match, as CSV (UTF-8 with BOM), newest first, streamed',
      description: `${scopeNote} Fixed values in the caller's language; cells a spreadsheet would run as a formula start with an apostrophe.`,
      raw: { description: 'The CSV file', types: ['text/csv'] },
    }),
    validate('query', AuditExportQuerySchema),
    (c) =>
      c.body(auditCsv(c.var.deps, c.var.user, c.req.valid('query'), c.var.locale), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="operation-log.csv"',
      }),
  )
