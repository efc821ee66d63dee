import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { CONSOLE_ROLES, Role, UserStatus, isNormalStatus } from '../../contract/roles'
import { formatShanghaiTime } from '../../contract/time'
import type { UserInfo } from '../../contract/user'
import type { Database } from '../db/client'
import { auditLog, sessions, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { ServerDeps, SessionUser } from '../lib/types'
import { addressKey, clearFailures, lockedForSeconds, recordFailure, usernameKey } from './login-throttle'
import { DUMMY_HASH, generateClearPassword, hashPassword, md5Hex, verifyPassword } from './passwords'
import { hashToken, newSessionToken } from './tokens'

export async function signIn(deps: ServerDeps, input: { username: string; password: string }, address: string): Promise<string> {
  const { db, clock, config } = deps
  const now = clock()
  const wait = await lockedForSeconds(db, [usernameKey(input.username), addressKey(address)], now)
  if (wait > 0) {
    throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, 'error_too_many_attempts', { retryAfter: wait }, { minutes: Math.ceil(wait / 60) })
  }
  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1)
  // Verify even for an unknown name so response time does not reveal which names exist.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH)
  if (!user || !matches) {
    await recordFailure(db, input.username, address, now)
    throw new ApiError(ApiCode.WRONG_CREDENTIALS, 'error_wrong_credentials')
  }
  if (!isNormalStatus(user.status)) throw new ApiError(ApiCode.FORBIDDEN, 'error_account_frozen')
  if (!CONSOLE_ROLES.includes(user.role)) throw new ApiError(ApiCode.FORBIDDEN, 'error_no_console_role')
  await clearFailures(db, input.username)
  const token = newSessionToken()
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userUk: user.uk,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + config.sessionTtlSeconds * 1000),
  })
  return token
}

/** The signed-in account as the session found it (no extra query). */
export function userInfo(user: SessionUser): UserInfo {
  return {
    uk: user.uk,
    username: user.username,
    avatar: user.avatar,
    role: user.role,
    status: user.status,
    registerTime: formatShanghaiTime(user.registeredAt),
    marketId: user.marketId,
    official: user.role === Role.OFFICIAL,
  }
}

export async function signOut(deps: ServerDeps, tokenHash: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
  deps.sessionCache.forgetToken(tokenHash)
}

/** Changes the caller's own password and ends their other sessions. */
export async function changeOwnPassword(deps: ServerDeps, caller: SessionUser, oldPassword: string, newPassword: string): Promise<void> {
  const { db, clock } = deps
  const [user] = await db.select().from(users).where(eq(users.uk, caller.uk)).limit(1)
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_old_password_wrong')
  }
  if (oldPassword === newPassword) throw new ApiError(ApiCode.INVALID_INPUT, 'error_same_password')
  const passwordHash = await hashPassword(newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.uk, caller.uk))
    await tx.delete(sessions).where(and(eq(sessions.userUk, caller.uk), ne(sessions.tokenHash, caller.tokenHash)))
    await tx.insert(auditLog).values({ actorUk: caller.uk, action: 'password.change', entity: 'user', entityId: caller.uk, at: clock() })
  })
  deps.sessionCache.forgetUser(caller.uk, caller.tokenHash)
}

/**
 * Gives an account a new random password, returned once. OFFICIAL may reset any account but its own
 * (it has the change-password form); MARKET only merchant accounts of its own market. The account's
 * sessions end.
 */
export async function resetPassword(deps: ServerDeps, caller: SessionUser, uk: string): Promise<string> {
  const { db, clock } = deps
  const [target] = await db.select().from(users).where(eq(users.uk, uk)).limit(1)
  if (!target) throw new ApiError(ApiCode.NOT_FOUND, 'error_user_not_found')
  const allowed =
    caller.role === Role.OFFICIAL
      ? target.uk !== caller.uk
      : caller.role === Role.MARKET && target.role === Role.MERCHANT && target.marketId !== null && target.marketId === caller.marketId
  if (!allowed) throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
  const clearPwd = generateClearPassword()
  const passwordHash = await hashPassword(md5Hex(clearPwd))
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.uk, uk))
    await tx.delete(sessions).where(eq(sessions.userUk, uk))
    await tx.insert(auditLog).values({ actorUk: caller.uk, action: 'password.reset', entity: 'user', entityId: uk, at: clock() })
  })
  deps.sessionCache.forgetUser(uk)
  return clearPwd
}

/** Creates an OFFICIAL account (the first one of a database started with DEMO=0). Null if the name is taken. */
export async function createOfficialAccount(db: Database, username: string, clearPassword: string): Promise<string | null> {
  const [existing] = await db.select({ uk: users.uk }).from(users).where(eq(users.username, username)).limit(1)
  if (existing) return null
  const uk = randomUUID()
  await db.insert(users).values({ uk, username, passwordHash: await hashPassword(md5Hex(clearPassword)), role: Role.OFFICIAL, status: UserStatus.NORMAL })
  return uk
}
