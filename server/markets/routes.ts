import { Hono } from 'hono'
import * as v from 'valibot'
import {
  ClearPwdSchema,
  CreateMarketSchema,
  MarketDetailSchema,
  MarketIdParamSchema,
  MarketListQuerySchema,
  MarketListSchema,
  MarketOptionSchema,
  MarketOptionsQuerySchema,
  MarketSchema,
  UpdateMarketSchema,
  UsernameAvailabilityQuerySchema,
  UsernameAvailabilitySchema,
} from '../../contract/markets'
import { API_ROLES } from '../../contract/access'
import { UserStatus } from '../../contract/roles'
import { NullDataSchema } from '../../contract/user'
import { requireRole, requireSession } from '../middleware/auth'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate, validateRecordId } from '../lib/validate'
import { getMarket, getMarketDetail, listMarkets, marketOptions, usernameAvailability } from './queries'
import { createMarket, resetMarketPassword, setMarketStatus, updateMarket } from './service'

const tags = ['markets']
const IdSchema = v.object({ id: v.string() })

/**
 * Market management: OFFICIAL only (MARKET operators get 40300), but for a market's page, which its
 * own operator may read. That route comes before the OFFICIAL-only rule: Hono runs handlers in the
 * order they were added, and the page's answer ends the request before the rule is reached.
 */
export const marketRoutes = new Hono<AppEnv>()
  .use(requireSession())
  .get(
    '/:id/detail',
    requireRole(...API_ROLES.marketDetail),
    apiDoc({
      tags,
      summary: "A market's page: the market, its account's state, its merchant and device counts",
      description:
        "OFFICIAL: any market; MARKET: its own (another market's id, or one that is not a uuid, answers 40400 as an unknown one does). Read-only; never a password.",
      data: MarketDetailSchema,
      answers: { 404: { description: 'code 40400: no such market in your scope' } },
    }),
    validateRecordId('error_market_not_found'),
    async (c) => ok(c, await getMarketDetail(c.var.deps, c.var.user, c.req.valid('param'))),
  )
  .use(requireRole(...API_ROLES.markets))
  .get(
    '/',
    apiDoc({ tags, summary: 'Markets, paged, sorted and filtered', data: MarketListSchema }),
    validate('query', MarketListQuerySchema),
    async (c) => ok(c, await listMarkets(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/options',
    apiDoc({
      tags,
      summary: 'Markets for the market switcher (id, name), searchable',
      data: v.array(MarketOptionSchema),
    }),
    validate('query', MarketOptionsQuerySchema),
    async (c) => ok(c, await marketOptions(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/username-available',
    apiDoc({ tags, summary: 'Whether an account username is well-formed and free', data: UsernameAvailabilitySchema }),
    validate('query', UsernameAvailabilityQuerySchema),
    async (c) => ok(c, await usernameAvailability(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .post(
    '/',
    apiDoc({
      tags,
      summary: 'Register a market and its MARKET account (one transaction)',
      description: 'password is the MD5 hex. 40900: username or credit code taken.',
      data: IdSchema,
    }),
    validate('json', CreateMarketSchema),
    async (c) => ok(c, await createMarket(c.var.deps, c.var.user, c.req.valid('json'))),
  )
  .get(
    '/:id',
    apiDoc({ tags, summary: 'One market with every field (never a password)', data: MarketSchema }),
    validate('param', MarketIdParamSchema),
    async (c) => ok(c, await getMarket(c.var.deps, c.var.user, c.req.valid('param'))),
  )
  .put(
    '/:id',
    apiDoc({
      tags,
      summary: 'Edit a market',
      description: 'The payment bank cannot change (40900). The password is not part of an edit.',
      data: NullDataSchema,
    }),
    validate('param', MarketIdParamSchema),
    validate('json', UpdateMarketSchema),
    async (c) => {
      await updateMarket(c.var.deps, c.var.user, { id: c.req.valid('param').id, fields: c.req.valid('json') })
      return ok(c, null)
    },
  )
  .post(
    '/:id/freeze',
    apiDoc({ tags, summary: "Freeze the market's account; its sessions end at once", data: NullDataSchema }),
    validate('param', MarketIdParamSchema),
    async (c) => {
      await setMarketStatus(c.var.deps, c.var.user, { id: c.req.valid('param').id, status: UserStatus.FROZEN })
      return ok(c, null)
    },
  )
  .post(
    '/:id/unfreeze',
    apiDoc({ tags, summary: "Unfreeze the market's account", data: NullDataSchema }),
    validate('param', MarketIdParamSchema),
    async (c) => {
      await setMarketStatus(c.var.deps, c.var.user, { id: c.req.valid('param').id, status: UserStatus.NORMAL })
      return ok(c, null)
    },
  )
  .post(
    '/:id/reset-password',
    apiDoc({ tags, summary: "A new random password for the market's account, shown once", data: ClearPwdSchema }),
    validate('param', MarketIdParamSchema),
    async (c) =>
      ok(c, { clearPwd: await resetMarketPassword(c.var.deps, c.var.user, { id: c.req.valid('param').id }) }),
  )
