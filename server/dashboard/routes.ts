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
import type { ReadDatabase } from '../db/client'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { rankingFor } from './ranking'
import { todayFor } from './today'
import { dailyFigures, lastHour, latestTests, latestTransactions, methodShares, passengerFlow } from './queries'

const tags = ['dashboard']
/** A re-read a live event asked for reads the primary: it must include that event. */
const fresh = (query: { fresh?: '1' | undefined }) => query.fresh === '1'
const description =
  'From the rollups kept on ingest, read from the read replica when one is configured and keeping up (`fresh=1`: from the primary). A MARKET caller sees only its own market whatever `market` says; an OFFICIAL caller sees `market`, or the whole platform without it.'

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
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => todayFor({ ...deps, db }, scope), fresh(query)))
    },
  )
  .get(
    '/daily',
    apiDoc({ tags, summary: 'Takings and orders per day, the last 30 days', description, data: DailySchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => dailyFigures(db, scope, deps.clock()), fresh(query)))
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
      const scope = marketScope(user, query.market)
      const ranking = (db: ReadDatabase) => rankingFor({ ...deps, db }, scope, query.period, query.metric)
      return ok(c, await deps.reads.run(ranking, fresh(query)))
    },
  )
  .get(
    '/passengers',
    apiDoc({ tags, summary: 'Passengers in and out per 10 minutes today', description, data: PassengerFlowSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => passengerFlow(db, scope, deps.clock()), fresh(query)))
    },
  )
  .get(
    '/minutes',
    apiDoc({ tags, summary: 'Takings and orders per minute, the last hour', description, data: MinutesSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => lastHour(db, scope, deps.clock()), fresh(query)))
    },
  )
  .get(
    '/methods',
    apiDoc({ tags, summary: "Today's payments by method", description, data: MethodsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => methodShares(db, scope, deps.clock()), fresh(query)))
    },
  )
  .get(
    '/transactions',
    apiDoc({ tags, summary: 'The latest payments and refunds', description, data: LatestTransactionsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => latestTransactions(db, scope, deps.clock()), fresh(query)))
    },
  )
  .get(
    '/tests',
    apiDoc({ tags, summary: 'The latest pesticide-residue tests', description, data: LatestTestsSchema }),
    validate('query', DashboardQuerySchema),
    async (c) => {
      const { deps, user } = c.var
      const query = c.req.valid('query')
      const scope = marketScope(user, query.market)
      return ok(c, await deps.reads.run((db) => latestTests(db, scope), fresh(query)))
    },
  )
