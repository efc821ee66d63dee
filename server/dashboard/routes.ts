import { Hono } from 'hono'
import { API_ROLES } from '../../contract/access'
import {
  DailySchema,
  DashboardQuerySchema,
  LatestTestsSchema,
  LatestTransactionsSchema,
  MethodsSchema,
  MinutesSchema,
  PassengerFlowSchema,
  RankingQuerySchema,
  RankingSchema,
  TodaySchema,
} from '../../contract/dashboard'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import { marketScope } from '../lib/scope'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { rankingFor } from './ranking'
import { todayFor } from './today'
import { dailyFigures, lastHour, latestTests, latestTransactions, methodShares, passengerFlow } from './queries'

const tags = ['dashboard']
const description =
  'From the rollups kept on ingest. A MARKET caller sees only its own market whatever `market` says; an OFFICIAL caller sees `market`, or the whole platform without it.'

/** The workplace dashboard (issue 10): one read per widget, each held to the caller's market scope. */
export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.dashboard))
  .get(
    '/today',
    apiDoc({
      tags,
      summary: "Today's takings, orders, refunds (and yesterday to the same time), devices online",
      description,
      data: TodaySchema,
    }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await todayFor(deps, marketScope(user, c.req.valid('query').market)))
    },
  )
  .get(
    '/daily',
    apiDoc({ tags, summary: 'Takings and orders per day, the last 30 days', description, data: DailySchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await dailyFigures(deps.db, marketScope(user, c.req.valid('query').market), deps.clock()))
    },
  )
  .get(
    '/ranking',
    apiDoc({
      tags,
      summary: 'Top 10 merchants by takings or by orders: today, 7 or 30 days',
      description,
      data: RankingSchema,
    }),
    validate('query', RankingQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      return ok(c, await rankingFor(deps, marketScope(user, query.market), query.period, query.metric))
    },
  )
  .get(
    '/passengers',
    apiDoc({ tags, summary: 'Passengers in and out per 10 minutes today', description, data: PassengerFlowSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await passengerFlow(deps.db, marketScope(user, c.req.valid('query').market), deps.clock()))
    },
  )
  .get(
    '/minutes',
    apiDoc({ tags, summary: 'Takings and orders per minute, the last hour', description, data: MinutesSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await lastHour(deps.db, marketScope(user, c.req.valid('query').market), deps.clock()))
    },
  )
  .get(
    '/methods',
    apiDoc({ tags, summary: "Today's payments by method", description, data: MethodsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await methodShares(deps.db, marketScope(user, c.req.valid('query').market), deps.clock()))
    },
  )
  .get(
    '/transactions',
    apiDoc({ tags, summary: 'The latest payments and refunds', description, data: LatestTransactionsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await latestTransactions(deps.db, marketScope(user, c.req.valid('query').market), deps.clock()))
    },
  )
  .get(
    '/tests',
    apiDoc({ tags, summary: 'The latest pesticide-residue tests', description, data: LatestTestsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      return ok(c, await latestTests(deps.db, marketScope(user, c.req.valid('query').market)))
    },
  )
