import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { Market, MarketDetail, MarketList, MarketListQuery, MarketOption } from '../../contract/markets'
import { MARKET_USERNAME_PATTERN } from '../../contract/markets'
import { Role } from '../../contract/roles'
import { formatShanghaiTime, shanghaiDayOf, shanghaiToday } from '../../contract/time'
import type { Database } from '../db/client'
import { devices, markets, merchantCounts, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { marketLicenceStates } from '../licences/public'
import { allOf, listPage, matchAny, orderBy, pageRange, windowTotal } from '../lib/list-query'
import { inScope, isInScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

type Caller = Pick<SessionUser, 'role' | 'marketId'>

/**
 * Reads of markets. Only OFFICIAL callers reach them, but for a market's page, which its own operator
 * reads too (server/markets/routes.ts); each read is held to the caller's market scope.
 */

const SORT_COLUMNS = {
  name: markets.name,
  registeredAt: markets.registeredAt,
  stallCount: markets.stallCount,
  accountUsername: users.username,
}

export async function listMarkets(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Caller,
  query: MarketListQuery,
): Promise<MarketList> {
  const where = allOf(
    inScope(markets.id, marketScope(caller)),
    matchAny(query.q, [markets.name, users.username, markets.creditCode]),
    query.status ? eq(users.status, Number(query.status)) : undefined,
  )
  const rows = await db
    .select({
      id: markets.id,
      name: markets.name,
      accountUk: users.uk,
      accountUsername: users.username,
      accountStatus: users.status,
      stallCount: markets.stallCount,
      managerName: markets.managerName,
      managerPhone: markets.managerPhone,
      creditCode: markets.creditCode,
      registeredAt: markets.registeredAt,
      total: windowTotal(),
    })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(where)
    .orderBy(...orderBy(SORT_COLUMNS, query.sort, query.order, markets.id))
    .limit(pageRange(query).limit)
    .offset(pageRange(query).offset)
  const page = await listPage(
    rows,
    query.page,
    async () =>
      (await db.select({ n: count() }).from(markets).innerJoin(users, eq(users.uk, markets.accountUk)).where(where))[0]
        ?.n ?? 0,
  )
  // The page's markets' own licences (issue 26 §1): at most a page's worth of rows, read by market.
  const states = await marketLicenceStates(
    db,
    page.list.map((row) => row.id),
    shanghaiToday(clock()),
  )
  return {
    total: page.total,
    list: page.list.map(({ registeredAt, creditCode, ...row }) => ({
      ...row,
      licenceState: states.get(row.id) ?? 'missing',
      creditCode: creditCode ?? '',
      registerTime: formatShanghaiTime(registeredAt),
    })),
  }
}

/** A market with its account, or 40400. */
export async function findMarket(db: Database, id: string) {
  const [row] = await db
    .select({ market: markets, account: { uk: users.uk, username: users.username, status: users.status } })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(eq(markets.id, id))
    .limit(1)
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return row
}

export function toMarket({ market, account }: Awaited<ReturnType<typeof findMarket>>): Market {
  const {
    id,
    createdAt: _created,
    updatedAt: _updated,
    accountUk: _uk,
    registeredAt,
    creditCode,
    paymentBank,
    ...fields
  } = market
  return {
    ...fields,
    id,
    accountUk: account.uk,
    accountUsername: account.username,
    accountStatus: account.status,
    paymentBank: paymentBank as Market['paymentBank'],
    creditCode: creditCode ?? '',
    registeredOn: shanghaiDayOf(registeredAt),
    registerTime: formatShanghaiTime(registeredAt),
  }
}

export async function getMarket(
  { db }: Pick<ServerDeps, 'db'>,
  caller: Caller,
  input: { id: string },
): Promise<Market> {
  if (!isInScope(marketScope(caller), input.id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return toMarket(await findMarket(db, input.id))
}

/**
 * A market's page: the market, its account's state and its counts. Another market's id answers
 * 40400, as an unknown one does (an operator learns nothing of other markets). The merchant count is
 * a sum of at most 18 merchant_counts rows; the device count reads the market's bound devices' index.
 */
export async function getMarketDetail(
  { db }: Pick<ServerDeps, 'db'>,
  caller: Caller,
  input: { id: string },
): Promise<MarketDetail> {
  const market = await getMarket({ db }, caller, input)
  const [[merchantsIn], [devicesIn]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${merchantCounts.n}), 0)`.mapWith(Number) })
      .from(merchantCounts)
      .where(eq(merchantCounts.marketId, input.id)),
    db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.marketId, input.id), isNull(devices.unboundAt))),
  ])
  return { ...market, merchantCount: merchantsIn?.n ?? 0, deviceCount: devicesIn?.n ?? 0 }
}

/** The switcher's options: markets whose name contains the text, by name. */
export async function marketOptions(
  { db }: Pick<ServerDeps, 'db'>,
  caller: Caller,
  input: { q?: string | undefined; limit: number },
): Promise<MarketOption[]> {
  return db
    .select({ id: markets.id, name: markets.name })
    .from(markets)
    .where(allOf(inScope(markets.id, marketScope(caller)), matchAny(input.q, [markets.name])))
    .orderBy(asc(markets.name), asc(markets.id))
    .limit(input.limit)
}

/** Whether a username is well-formed for a market account and free (or already this market's own). */
export async function usernameAvailability(
  { db }: Pick<ServerDeps, 'db'>,
  _caller: Caller,
  input: { username: string; exceptMarketId?: string | undefined },
): Promise<{ valid: boolean; available: boolean }> {
  const name = input.username.trim()
  if (!MARKET_USERNAME_PATTERN.test(name)) return { valid: false, available: false }
  const [taken] = await db
    .select({ marketId: users.marketId, role: users.role })
    .from(users)
    .where(eq(users.username, name))
    .limit(1)
  const ownAccount =
    taken && input.exceptMarketId && taken.marketId === input.exceptMarketId && taken.role === Role.MARKET
  return { valid: true, available: !taken || Boolean(ownAccount) }
}
