import { Hono } from 'hono'
import * as v from 'valibot'
import { API_ROLES } from '../../contract/access'
import { TRANSACTION_ID, TransactionDetailSchema, TransactionListSchema } from '../../contract/transactions'
import { TransactionExportQuerySchema, TransactionListQuerySchema } from '../../contract/transactions-list'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { getTransaction, listTransactions } from './queries'
import { transactionsCsv } from './service'

const tags = ['transactions']
const scopeNote =
  "A MARKET caller sees only its own market's transactions whatever `market` says; an OFFICIAL caller sees `market`'s, or every market's without it. Days (`from`, `to`, both included; today when absent) are Asia/Shanghai days, at most 31 a query. Amounts are integer fen; `q` is a device's event id, matched exactly."

/** A transaction's id (contract/transactions.ts): anything else names none, so it answers 40400. */
const TransactionIdSchema = v.object({ id: v.pipe(v.string(), v.regex(TRANSACTION_ID)) })

/** Payments and refunds (issue 25 §1): OFFICIAL and MARKET, read only, held to the caller's market scope. */
export const transactionRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.transactions))
  .get(
    '/',
    apiDoc({
      tags,
      summary: 'Payments and refunds, newest first, filtered, paged by a cursor',
      description: `${scopeNote} Pages by cursor: pass \`next\` as \`after\`, \`previous\` as \`before\`, or \`at\` (a Shanghai minute, YYYY-MM-DD HH:mm, when sorted by time) to start there. The total is exact from the day rollups when only the days, the market, the kind, one merchant or one method filter; otherwise counted up to 10,000 (\`totalCapped\`: show "10,000+"), counting the days before today once per 5 minutes (today's rows every time), and a cursor page reuses its filters' count for up to 30 s.`,
      data: TransactionListSchema,
    }),
    validate('query', TransactionListQuerySchema),
    async (c) => ok(c, await listTransactions(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/export',
    apiDoc({
      tags,
      summary: 'Every transaction the filters match, as CSV (UTF-8 with BOM), in the list order, streamed',
      description: `${scopeNote} Amounts in yuan; fixed values in the caller's language; cells a spreadsheet would run as a formula start with an apostrophe.`,
      raw: { description: 'The CSV file', types: ['text/csv'] },
    }),
    validate('query', TransactionExportQuerySchema),
    (c) =>
      c.body(transactionsCsv(c.var.deps, c.var.user, c.req.valid('query'), c.var.locale), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="transactions.csv"',
      }),
  )
  .get(
    '/:id',
    apiDoc({
      tags,
      summary:
        "A transaction's page: its device, stall, merchant, method and time; a payment's refunds, a refund's payment",
      description:
        "A MARKET caller reads only its own market's transactions: another market's id, or text that is not a transaction's id, answers 40400 as an unknown one does.",
      data: TransactionDetailSchema,
      answers: { 404: { description: 'code 40400: no such transaction in your scope' } },
    }),
    validateRecordId('error_transaction_not_found', TransactionIdSchema),
    async (c) => ok(c, await getTransaction(c.var.deps, c.var.user, c.req.valid('param'))),
  )
