import pino from 'pino'
import { ReadRouting } from '../../server/db/read-routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt } from 'drizzle-orm'
import { auditLog, markets, sessions, users } from '../../server/db/schema'
import { ApiError } from '../../server/lib/errors'
import type { ServerDeps, SessionUser } from '../../server/lib/types'
import {
  createAccount,
  endSessions,
  forgetSessions,
  resetAccountPassword,
  setAccountStatus,
} from '../../server/user/accounts'
import { hashPassword, md5Hex, verifyPassword } from '../../server/lib/passwords'
import { KeptAnswers } from '../../server/lib/kept-answers'
import { InstanceMetrics } from '../../server/lib/instance-metrics'
import { LiveBus } from '../../server/lib/live-bus'
import { SessionCache } from '../../server/lib/session-cache'
import { createTestApp, createUser, Role, UserStatus, type TestApp } from '../helpers/test-app'

/** server/user/accounts.ts, called as a service would call it (its own session cache, the test app's database). */
let t: TestApp
let deps: ServerDeps
let marketId: string
let otherMarketId: string
let official: SessionUser
let operator: SessionUser

const caller = (uk: string, role: number, marketId: string | null): SessionUser => ({
  uk,
  username: uk,
  role,
  status: UserStatus.NORMAL,
  marketId,
  avatar: null,
  registeredAt: new Date(0),
  tokenHash: `token-of-${uk}`,
})

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  const { code, messageKey } = error as ApiError
  return { code, messageKey }
}

const sessionCount = async (uk: string) => (await t.db.select().from(sessions).where(eq(sessions.userUk, uk))).length
/** Sessions that still open the console (a frozen account's are kept, expired, to say why they ended). */
const liveSessionCount = async (uk: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userUk, uk), gt(sessions.expiresAt, t.time.clock())))
  ).length

beforeAll(async () => {
  t = await createTestApp()
  deps = {
    db: t.db,
    reads: ReadRouting.primaryOnly(t.db, pino({ level: 'silent' })),
    clock: t.time.clock,
    logger: pino({ level: 'silent' }),
    config: {
      sessionTtlSeconds: 3600,
      sessionMaxAgeSeconds: 86400,
      trustProxy: 1,
      clientDir: null,
      secureCookies: false,
    },
    sessionCache: new SessionCache(),
    live: new LiveBus(),
    keptAnswers: new KeptAnswers(),
    metrics: new InstanceMetrics('test'),
  }
  const [a] = await t.db.insert(markets).values({ name: 'Market A' }).returning()
  const [b] = await t.db.insert(markets).values({ name: 'Market B' }).returning()
  marketId = a!.id
  otherMarketId = b!.id
  official = caller(
    await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL }),
    Role.OFFICIAL,
    null,
  )
  operator = caller(
    await createUser(t.db, { username: 'operator', password: 'Market123', role: Role.MARKET, marketId }),
    Role.MARKET,
    marketId,
  )
})
afterAll(async () => {
  await t.close()
})

describe('createAccount', () => {
  it('inserts the account (with a given uk when one is needed first) and refuses a taken username with 40900', async () => {
    const passwordHash = await hashPassword(md5Hex('Merchant123'))
    const uk = await createAccount(t.db, {
      username: 'stall-1',
      passwordHash,
      role: Role.MERCHANT,
      status: UserStatus.NORMAL,
      marketId,
    })
    const [row] = await t.db.select().from(users).where(eq(users.uk, uk))
    expect(row).toMatchObject({ username: 'stall-1', role: Role.MERCHANT, status: UserStatus.NORMAL, marketId })
    const chosen = '7d3f1d0e-0000-4000-8000-000000000001'
    expect(
      await t.db.transaction((tx) =>
        createAccount(tx, { uk: chosen, username: 'stall-2', passwordHash, role: Role.MERCHANT, status: 1, marketId }),
      ),
    ).toBe(chosen)
    expect(
      await failureOf(
        createAccount(t.db, { username: 'stall-1', passwordHash, role: Role.MERCHANT, status: 1, marketId }),
      ),
    ).toEqual({
      code: 40900,
      messageKey: 'error_username_taken',
    })
  })
})

describe('endSessions and forgetSessions', () => {
  it('delete the rows and drop the cached entries of one account, all or all but one', async () => {
    const uk = await createUser(t.db, { username: 'sessions', password: 'Market123', role: Role.MARKET, marketId })
    const now = t.time.clock()
    const expiresAt = new Date(now.getTime() + 3600_000)
    await t.db
      .insert(sessions)
      .values(
        ['s1', 's2', 's3'].map((tokenHash) => ({ tokenHash, userUk: uk, createdAt: now, lastUsedAt: now, expiresAt })),
      )
    for (const tokenHash of ['s1', 's2']) {
      deps.sessionCache.set(tokenHash, {
        user: { ...caller(uk, Role.MARKET, marketId), tokenHash },
        createdAtMs: 0,
        expiresAtMs: expiresAt.getTime(),
        lastUsedAtMs: 0,
        cachedAtMs: now.getTime(),
      })
    }
    await endSessions(t.db, uk, 's1')
    forgetSessions(deps, uk, 's1')
    expect((await t.db.select().from(sessions).where(eq(sessions.userUk, uk))).map((s) => s.tokenHash)).toEqual(['s1'])
    expect(deps.sessionCache.get('s1', now.getTime())).not.toBeNull()
    expect(deps.sessionCache.get('s2', now.getTime())).toBeNull()
    await endSessions(t.db, uk)
    expect(await sessionCount(uk)).toBe(0)
  })
})

describe('setAccountStatus', () => {
  it('freezes (ending sessions) and unfreezes an account, audited against the given record', async () => {
    const uk = await createUser(t.db, {
      username: 'stall-freeze',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId,
    })
    const now = t.time.clock()
    await t.db.insert(sessions).values({
      tokenHash: 'frozen-1',
      userUk: uk,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    })
    await setAccountStatus(deps, operator, {
      uk,
      status: UserStatus.FROZEN,
      subject: { area: 'merchant', recordId: 'merchant-1', marketId },
    })
    expect((await t.db.select().from(users).where(eq(users.uk, uk)))[0]?.status).toBe(UserStatus.FROZEN)
    expect(await liveSessionCount(uk)).toBe(0)
    await setAccountStatus(deps, operator, {
      uk,
      status: UserStatus.NORMAL,
      subject: { area: 'merchant', recordId: 'merchant-1', marketId },
    })
    expect((await t.db.select().from(users).where(eq(users.uk, uk)))[0]?.status).toBe(UserStatus.NORMAL)
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.recordId, 'merchant-1'))).sort((a, b) =>
      a.action.localeCompare(b.action),
    )
    expect(
      audit.map(({ actorUk, action, area, marketId: market, changes }) => ({ actorUk, action, area, market, changes })),
    ).toEqual([
      {
        actorUk: operator.uk,
        action: 'freeze',
        area: 'merchant',
        market: marketId,
        changes: { accountStatus: { before: '1', after: '2' } },
      },
      {
        actorUk: operator.uk,
        action: 'unfreeze',
        area: 'merchant',
        market: marketId,
        changes: { accountStatus: { before: '2', after: '1' } },
      },
    ])
  })

  it('holds MARKET to merchant accounts of its own market, and nobody touches OFFICIAL accounts', async () => {
    const foreign = await createUser(t.db, {
      username: 'stall-foreign',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId: otherMarketId,
    })
    const peer = await createUser(t.db, {
      username: 'operator-peer',
      password: 'Market123',
      role: Role.MARKET,
      marketId,
    })
    const input = (uk: string) => ({ uk, status: UserStatus.FROZEN })
    expect(await failureOf(setAccountStatus(deps, operator, input(foreign)))).toEqual({
      code: 40300,
      messageKey: 'error_forbidden',
    })
    expect(await failureOf(setAccountStatus(deps, operator, input(peer)))).toEqual({
      code: 40300,
      messageKey: 'error_forbidden',
    })
    expect(await failureOf(setAccountStatus(deps, official, input(official.uk)))).toEqual({
      code: 40300,
      messageKey: 'error_official_account_protected',
    })
    expect(await failureOf(setAccountStatus(deps, official, input('no-such-account')))).toEqual({
      code: 40400,
      messageKey: 'error_user_not_found',
    })
    // OFFICIAL manages MARKET accounts.
    await setAccountStatus(deps, official, input(peer))
    expect((await t.db.select().from(users).where(eq(users.uk, peer)))[0]?.status).toBe(UserStatus.FROZEN)
    expect((await t.db.select().from(users).where(eq(users.uk, foreign)))[0]?.status).toBe(UserStatus.NORMAL)
  })
})

describe('resetAccountPassword', () => {
  it('sets a new policy-meeting password, ends sessions, and audits the reset (never the password)', async () => {
    const uk = await createUser(t.db, {
      username: 'stall-reset',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId,
    })
    const now = t.time.clock()
    await t.db.insert(sessions).values({
      tokenHash: 'reset-1',
      userUk: uk,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    })
    const clearPwd = await resetAccountPassword(deps, operator, {
      uk,
      subject: { area: 'merchant', recordId: 'merchant-2', marketId },
    })
    expect(clearPwd).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/)
    const [row] = await t.db.select().from(users).where(eq(users.uk, uk))
    expect(await verifyPassword(md5Hex(clearPwd), row!.passwordHash)).toBe(true)
    expect(await sessionCount(uk)).toBe(0)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.recordId, 'merchant-2'))
    expect(audit).toMatchObject([
      { actorUk: operator.uk, action: 'password_reset', area: 'merchant', marketId, changes: null },
    ])
    expect(JSON.stringify(audit)).not.toContain(clearPwd)
  })

  it('applies the same permission rule', async () => {
    const foreign = await createUser(t.db, {
      username: 'stall-foreign-2',
      password: 'Merchant123',
      role: Role.MERCHANT,
      marketId: otherMarketId,
    })
    expect(await failureOf(resetAccountPassword(deps, operator, { uk: foreign }))).toEqual({
      code: 40300,
      messageKey: 'error_forbidden',
    })
    expect(await failureOf(resetAccountPassword(deps, official, { uk: official.uk }))).toEqual({
      code: 40300,
      messageKey: 'error_official_account_protected',
    })
  })
})
