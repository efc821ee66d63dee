import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import {
  ComplaintCountsQuerySchema,
  ComplaintCountsSchema,
  ComplaintDetailSchema,
  ComplaintExportQuerySchema,
  ComplaintListQuerySchema,
  ComplaintListSchema,
  ComplaintNoteSchema,
  ComplaintRegisteredSchema,
  RegisterComplaintSchema,
  ResolveComplaintSchema,
} from '../../contract/complaints'
import { NullDataSchema } from '../../contract/user'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { complaintsCsv } from './export'
import { complaintCounts, getComplaintDetail, listComplaints } from './queries'
import { registerComplaint, resolveComplaint, takeUpComplaint, withdrawComplaint } from './service'

const tags = ['complaints']
const scopeNote =
  "A MARKET caller sees and handles only its own market's complaints whatever `market` says; an OFFICIAL caller sees `market`'s, or every market's without it. Another market's complaint id answers 40400 as an unknown one does."
const stateNote = 'A complaint not in a state this step starts from (moved meanwhile by someone else) answers 40900.'

/** Shoppers' complaints (issue 26 §2): OFFICIAL and MARKET, every read and write held to the caller's scope. */
export const complaintRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.complaints))
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'Complaints, newest first, filtered and paged; the complainant masked',
      description: `${scopeNote} \`overdue=yes\`: open (received or handling) past the due time. \`q\`: a number (12 or #12), or text in the stall, description or merchant's name. Days (\`from\`, \`to\`) are Asia/Shanghai days the complaint was received on.`,
      data: ComplaintListSchema,
    }),
    validate('query', ComplaintListQuerySchema),
    async (c) => ok(c, await listComplaints(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/counts',
    apiDoc({
      tags,
      summary: 'How many open complaints are received, handling and overdue (the Workplace)',
      description: `${scopeNote} Overdue: open past the due time at the server's clock.`,
      data: ComplaintCountsSchema,
    }),
    validate('query', ComplaintCountsQuerySchema),
    async (c) => ok(c, await complaintCounts(c.var.deps, c.var.user, c.req.valid('query').market)),
  )
  .get(
    '/export',
    apiDoc({
      tags,
      summary: 'Every complaint the filters match, as CSV (UTF-8 with BOM), in the list order, streamed',
      description: `${scopeNote} The complainant masked as in the list; fixed values in the caller's language; cells a spreadsheet would run as a formula start with an apostrophe.`,
      raw: { description: 'The CSV file', types: ['text/csv'] },
    }),
    validate('query', ComplaintExportQuerySchema),
    (c) =>
      c.body(complaintsCsv(c.var.deps, c.var.user, c.req.valid('query'), c.var.locale), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="complaints.csv"',
      }),
  )
  .post(
    '/',
    apiDoc({
      tags,
      summary: "Register a complaint as received (due after the market's deadline, 7 days unless it sets its own)",
      description:
        'OFFICIAL names marketId; a MARKET caller registers in its own market (another marketId: 40300). A stall or a merchant of the market must be named (40000).',
      data: ComplaintRegisteredSchema,
    }),
    validate('json', RegisterComplaintSchema),
    async (c) => ok(c, await registerComplaint(c.var.deps, c.var.user, c.req.valid('json'))),
  )
  .get(
    '/:id',
    apiDoc({
      tags,
      summary: "A complaint's page: the complainant whole, photos, outcome and every step with who and when",
      description: scopeNote,
      data: ComplaintDetailSchema,
      answers: { 404: { description: 'code 40400: no such complaint in your scope' } },
    }),
    validateRecordId('error_complaint_not_found'),
    async (c) => ok(c, await getComplaintDetail(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .post(
    '/:id/take-up',
    apiDoc({ tags, summary: 'Received → handling', description: `${scopeNote} ${stateNote}`, data: NullDataSchema }),
    validateRecordId('error_complaint_not_found'),
    validate('json', ComplaintNoteSchema),
    async (c) => {
      await takeUpComplaint(c.var.deps, c.var.user, { id: c.req.valid('param').id, ...c.req.valid('json') })
      return ok(c, null)
    },
  )
  .post(
    '/:id/resolve',
    apiDoc({
      tags,
      summary: 'Handling → resolved, with the outcome and what was done (nothing when not upheld)',
      description: `${scopeNote} ${stateNote}`,
      data: NullDataSchema,
    }),
    validateRecordId('error_complaint_not_found'),
    validate('json', ResolveComplaintSchema),
    async (c) => {
      await resolveComplaint(c.var.deps, c.var.user, { id: c.req.valid('param').id, ...c.req.valid('json') })
      return ok(c, null)
    },
  )
  .post(
    '/:id/withdraw',
    apiDoc({
      tags,
      summary: 'Received or handling → withdrawn (the shopper took it back)',
      description: `${scopeNote} ${stateNote}`,
      data: NullDataSchema,
    }),
    validateRecordId('error_complaint_not_found'),
    validate('json', ComplaintNoteSchema),
    async (c) => {
      await withdrawComplaint(c.var.deps, c.var.user, { id: c.req.valid('param').id, ...c.req.valid('json') })
      return ok(c, null)
    },
  )
