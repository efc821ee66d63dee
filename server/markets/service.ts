import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { Market, MarketFields, MarketList, MarketListQuery, MarketOption } from '../../contract/markets'
import { MARKET_USERNAME_PATTERN } from '../../contract/markets'
import { Role, UserStatus } from '../../contract/roles'
import { formatShanghaiTime } from '../../contract/time'
import type { Database } from '../db/client'
import { files, markets, sessions, users } from '../db/schema'
import { changedFields, writeAudit } from '../lib/audit'
import { uniqueViolation } from '../lib/db-errors'
import { ApiError } from '../lib/errors'
import type { ServerDeps, SessionUser } from '../lib/types'
import { hashPassword } from '../user/passwords'
import { resetPassword } from '../user/service'

/** Market fields the audit log compares (never the password). */
const AUDITED = [
  'name',
  'paymentBank',
  'creditCode',
  'address',
  'stallCount',
  'complaintPhone',
  'legalPersonName',
  'legalPersonPhone',
  'managerName',
  'managerPhone',
  'notes',
  'businessLicenceFileId',
  'operatingLicenceFileId',
  'marketPhotoFileIds',
  'registeredOn',
  'accountUsername',
  'accountStatus',
] as const

/** 'YYYY-MM-DD' in Asia/Shanghai <-> the instant it starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`)
const dayOf = (instant: Date) => formatShanghaiTime(instant).slice(0, 10)

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const listColumns = {
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
}

const SORT_COLUMNS = {
  name: markets.name,
  registeredAt: markets.registeredAt,
  stallCount: markets.stallCount,
  accountUsername: users.username,
} as const

export async function listMarkets(db: Database, query: MarketListQuery): Promise<MarketList> {
  const filters: SQL[] = []
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`
    const match = or(ilike(markets.name, pattern), ilike(users.username, pattern), ilike(markets.creditCode, pattern))
    if (match) filters.push(match)
  }
  if (query.status) filters.push(eq(users.status, Number(query.status)))
  const where = filters.length > 0 ? and(...filters) : undefined
  const direction = query.order === 'asc' ? asc : desc
  // One query: the total rides along as a window count (PGlite answers one query at a time).
  const rows = await db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(markets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  // Past the last page there is no row to carry the total.
  const total =
    rows[0]?.total ??
    (query.page > 1 ? ((await db.select({ total: count() }).from(markets).innerJoin(users, eq(users.uk, markets.accountUk)).where(where))[0]?.total ?? 0) : 0)
  return {
    list: rows.map(({ registeredAt, creditCode, total: _total, ...row }) => ({ ...row, creditCode: creditCode ?? '', registerTime: formatShanghaiTime(registeredAt) })),
    total,
  }
}

async function findMarket(db: Database, id: string) {
  const [row] = await db
    .select({ market: markets, account: { uk: users.uk, username: users.username, status: users.status } })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(eq(markets.id, id))
    .limit(1)
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return row
}

function toMarket({ market, account }: Awaited<ReturnType<typeof findMarket>>): Market {
  return {
    id: market.id,
    accountUk: account.uk,
    accountUsername: account.username,
    accountStatus: account.status,
    paymentBank: market.paymentBank as Market['paymentBank'],
    registeredOn: dayOf(market.registeredAt),
    registerTime: formatShanghaiTime(market.registeredAt),
    name: market.name,
    creditCode: market.creditCode ?? '',
    address: market.address,
    stallCount: market.stallCount,
    complaintPhone: market.complaintPhone,
    legalPersonName: market.legalPersonName,
    legalPersonPhone: market.legalPersonPhone,
    managerName: market.managerName,
    managerPhone: market.managerPhone,
    notes: market.notes,
    businessLicenceFileId: market.businessLicenceFileId,
    operatingLicenceFileId: market.operatingLicenceFileId,
    marketPhotoFileIds: market.marketPhotoFileIds,
  }
}

export async function getMarket(db: Database, id: string): Promise<Market> {
  return toMarket(await findMarket(db, id))
}

const referencedFiles = (fields: MarketFields) =>
  [fields.businessLicenceFileId, fields.operatingLicenceFileId, ...fields.marketPhotoFileIds].filter((id): id is string => Boolean(id))

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The form's photos must be uploaded files; they then belong to the market (which scopes who reads them).
 * A file another market already owns is refused, so one market's papers never move to another.
 */
async function attachFiles(tx: Tx, marketId: string, fields: MarketFields): Promise<void> {
  const ids = [...new Set(referencedFiles(fields))]
  if (ids.length === 0) return
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), or(isNull(files.marketId), eq(files.marketId, marketId))))
  if (found.length !== ids.length) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_not_found')
  await tx.update(files).set({ marketId }).where(inArray(files.id, ids))
}

function marketColumns(fields: MarketFields) {
  return {
    name: fields.name,
    creditCode: fields.creditCode,
    address: fields.address,
    stallCount: fields.stallCount,
    complaintPhone: fields.complaintPhone,
    legalPersonName: fields.legalPersonName,
    legalPersonPhone: fields.legalPersonPhone,
    managerName: fields.managerName,
    managerPhone: fields.managerPhone,
    notes: fields.notes,
    businessLicenceFileId: fields.businessLicenceFileId,
    operatingLicenceFileId: fields.operatingLicenceFileId,
    marketPhotoFileIds: fields.marketPhotoFileIds,
    registeredAt: dayStart(fields.registeredOn),
  }
}

/** Duplicate names and codes answer 40900 with what is taken, whichever check or constraint caught it. */
function conflictFrom(error: unknown): never {
  const constraint = uniqueViolation(error)
  if (constraint === null) throw error
  throw new ApiError(ApiCode.CONFLICT, constraint.includes('credit_code') ? 'error_credit_code_taken' : 'error_username_taken')
}

async function assertUsernameFree(db: Database | Tx, username: string, exceptUk?: string): Promise<void> {
  const [taken] = await db.select({ uk: users.uk }).from(users).where(eq(users.username, username)).limit(1)
  if (taken && taken.uk !== exceptUk) throw new ApiError(ApiCode.CONFLICT, 'error_username_taken')
}

async function assertCreditCodeFree(db: Database | Tx, creditCode: string, exceptId?: string): Promise<void> {
  const [taken] = await db.select({ id: markets.id }).from(markets).where(eq(markets.creditCode, creditCode)).limit(1)
  if (taken && taken.id !== exceptId) throw new ApiError(ApiCode.CONFLICT, 'error_credit_code_taken')
}

/** Creates the market and its MARKET account in one transaction: a failure leaves neither. */
export async function createMarket(deps: ServerDeps, caller: SessionUser, input: MarketFields & { password: string }): Promise<{ id: string }> {
  const { db, clock } = deps
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      await assertUsernameFree(tx, input.accountUsername)
      await assertCreditCodeFree(tx, input.creditCode)
      const accountUk = randomUUID()
      const [market] = await tx
        .insert(markets)
        .values({ ...marketColumns(input), paymentBank: input.paymentBank, accountUk })
        .returning({ id: markets.id })
      if (!market) throw new Error('market insert returned nothing')
      await tx.insert(users).values({
        uk: accountUk,
        username: input.accountUsername,
        passwordHash,
        role: Role.MARKET,
        status: input.accountStatus,
        marketId: market.id,
      })
      await attachFiles(tx, market.id, input)
      const { password: _password, ...audited } = input
      await writeAudit(tx, { actorUk: caller.uk, action: 'market.create', entity: 'market', entityId: market.id, changes: changedFields(null, audited, AUDITED), at: clock() })
      return { id: market.id }
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    conflictFrom(error)
  }
}

/** Edits a market. The payment bank is fixed (40900); the password is never part of an edit. */
export async function updateMarket(deps: ServerDeps, caller: SessionUser, id: string, input: MarketFields): Promise<void> {
  const { db, clock } = deps
  const current = await findMarket(db, id)
  const before = toMarket(current)
  if (input.paymentBank !== before.paymentBank) throw new ApiError(ApiCode.CONFLICT, 'error_market_bank_unchangeable')
  try {
    await db.transaction(async (tx) => {
      await assertUsernameFree(tx, input.accountUsername, current.account.uk)
      await assertCreditCodeFree(tx, input.creditCode, id)
      await tx.update(markets).set({ ...marketColumns(input), updatedAt: clock() }).where(eq(markets.id, id))
      await tx.update(users).set({ username: input.accountUsername, status: input.accountStatus }).where(eq(users.uk, current.account.uk))
      if (input.accountStatus !== UserStatus.NORMAL) await tx.delete(sessions).where(eq(sessions.userUk, current.account.uk))
      await attachFiles(tx, id, input)
      const changes = changedFields<Record<string, unknown>>(before, input, AUDITED)
      if (Object.keys(changes).length > 0) await writeAudit(tx, { actorUk: caller.uk, action: 'market.update', entity: 'market', entityId: id, changes, at: clock() })
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    conflictFrom(error)
  }
  if (input.accountStatus !== UserStatus.NORMAL) deps.sessionCache.forgetUser(current.account.uk)
}

/** Freezing ends the account's sessions at once; unfreezing lets it sign in again. */
export async function setMarketAccountStatus(deps: ServerDeps, caller: SessionUser, id: string, status: number): Promise<void> {
  const { db, clock } = deps
  const { account } = await findMarket(db, id)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status }).where(eq(users.uk, account.uk))
    if (status !== UserStatus.NORMAL) await tx.delete(sessions).where(eq(sessions.userUk, account.uk))
    await writeAudit(tx, {
      actorUk: caller.uk,
      action: status === UserStatus.NORMAL ? 'market.unfreeze' : 'market.freeze',
      entity: 'market',
      entityId: id,
      changes: changedFields({ accountStatus: account.status }, { accountStatus: status }, ['accountStatus']),
      at: clock(),
    })
  })
  if (status !== UserStatus.NORMAL) deps.sessionCache.forgetUser(account.uk)
}

export async function resetMarketPassword(deps: ServerDeps, caller: SessionUser, id: string): Promise<string> {
  const { account } = await findMarket(deps.db, id)
  return resetPassword(deps, caller, account.uk)
}

export async function marketOptions(db: Database, q: string | undefined, limit: number): Promise<MarketOption[]> {
  return db
    .select({ id: markets.id, name: markets.name })
    .from(markets)
    .where(q ? ilike(markets.name, `%${escapeLike(q)}%`) : undefined)
    .orderBy(asc(markets.name), asc(markets.id))
    .limit(limit)
}

export async function usernameAvailability(db: Database, username: string, exceptMarketId?: string): Promise<{ valid: boolean; available: boolean }> {
  const name = username.trim()
  if (!MARKET_USERNAME_PATTERN.test(name)) return { valid: false, available: false }
  const [taken] = await db
    .select({ marketId: users.marketId, role: users.role })
    .from(users)
    .where(eq(users.username, name))
    .limit(1)
  const ownAccount = taken && exceptMarketId && taken.marketId === exceptMarketId && taken.role === Role.MARKET
  return { valid: true, available: !taken || Boolean(ownAccount) }
}

