import { eq } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import { CONSOLE_ROLES, Role, UserStatus, isNormalStatus } from '../../contract/roles'
import { formatShanghaiTime } from '../../contract/time'
import type { UserInfo } from '../../contract/user'
import type { Database } from '../db/client'
import { sessions, users } from '../db/schema'
import { writeAudit } from '../lib/audit'
import { ApiError } from '../lib/errors'
import type { ServerDeps, SessionUser } from '../lib/types'
import { createAccount, endSessions, forgetSessions } from './accounts'
import { announceEndedSessions, endedSessionsHeard } from './session-revocations'
import {
  acceptAttempt,
  addressKey,
  clearSignInLockout,
  giveBack,
  passwordKey,
  reserveAttempt,
  usernameKey,
} from '../lib/throttle'
import { DUMMY_HASH, hashPassword, md5Hex, verifyPassword } from '../lib/passwords'
import { sessionExpiresAt } from '../lib/session-lifetime'
import { hashSecret, newSecret } from '../lib/tokens'

/**
 * The attempt is counted (per name and per address) before the password is checked, so a burst of
 * guesses cannot all pass the lock; a right password gives its attempt back.
 */
export async function signIn(
  deps: ServerDeps,
  input: { username: string; password: string },
  address: string,
): Promise<string> {
  const { db, clock, config } = deps
  const now = clock()
  const account = usernameKey(input.username)
  const attempt = await reserveAttempt(db, [addressKey(address), account], now)
  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1)
  // Verify even for an unknown name so response time does not reveal which names exist.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH)
  if (!user || !matches) throw new ApiError(ApiCode.WRONG_CREDENTIALS, 'error_wrong_credentials')
  if (!isNormalStatus(user.status) || !CONSOLE_ROLES.includes(user.role)) {
    // The password was right: not a guess, but no sign-in either.
    await giveBack(db, attempt)
    throw new ApiError(
      ApiCode.FORBIDDEN,
      isNormalStatus(user.status) ? 'error_no_console_role' : 'error_account_frozen',
    )
  }
  await acceptAttempt(db, attempt, account)
  const token = newSecret()
  await db.insert(sessions).values({
    tokenHash: hashSecret(token),
    userUk: user.uk,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: sessionExpiresAt(config, now.getTime(), now.getTime()),
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

/** Ends the session; every instance has been sent its NOTIFY (on commit) before the answer. */
export async function signOut(deps: ServerDeps, tokenHash: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    await announceEndedSessions(tx, { tokenHash })
  })
  deps.sessionCache.forgetToken(tokenHash)
  await endedSessionsHeard(deps.sessionCache, { tokenHash })
}

/**
 * Changes the caller's own password and ends their other sessions. Guesses at the current password
 * are throttled like sign-ins (per account and per address): a stolen session must not become a
 * password oracle.
 */
export async function changeOwnPassword(
  deps: ServerDeps,
  caller: SessionUser,
  input: { oldPassword: string; newPassword: string },
  address: string,
): Promise<void> {
  const { db, clock } = deps
  const account = passwordKey(caller.uk)
  const attempt = await reserveAttempt(db, [addressKey(address), account], clock(), 'error_too_many_password_attempts')
  const [user] = await db.select().from(users).where(eq(users.uk, caller.uk)).limit(1)
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_old_password_wrong')
  }
  await acceptAttempt(db, attempt, account)
  if (input.oldPassword === input.newPassword) throw new ApiError(ApiCode.INVALID_INPUT, 'error_same_password')
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.uk, caller.uk))
    await endSessions(tx, caller.uk, caller.tokenHash)
    await writeAudit(tx, caller.marketId, {
      actorUk: caller.uk,
      area: 'account',
      action: 'password_change',
      recordId: caller.uk,
      at: clock(),
    })
  })
  await forgetSessions(deps, caller.uk, caller.tokenHash)
}

/** Creates an OFFICIAL account (the first one of a database started with DEMO=0). Null if the name is taken. */
export async function createOfficialAccount(
  db: Database,
  username: string,
  clearPassword: string,
  now: Date = new Date(),
): Promise<string | null> {
  const passwordHash = await hashPassword(md5Hex(clearPassword))
  try {
    return await db.transaction(async (tx) => {
      const uk = await createAccount(tx, {
        username,
        passwordHash,
        role: Role.OFFICIAL,
        status: UserStatus.NORMAL,
        marketId: null,
      })
      // The command line did it: no actor. An OFFICIAL account belongs to no market.
      await writeAudit(tx, null, {
        actorUk: null,
        area: 'account',
        action: 'register',
        recordId: uk,
        changes: { username: { before: null, after: username }, role: { before: null, after: Role.OFFICIAL } },
        at: now,
      })
      return uk
    })
  } catch (error) {
    if (error instanceof ApiError && error.code === ApiCode.CONFLICT) return null
    throw error
  }
}

/**
 * `npm run clear-lockout`: forgets the failed sign-ins counted against an account (and an address),
 * recorded against the account when there is one (a name that is no account has no record to log;
 * its counter goes all the same). One transaction: the entry and the change stand or fall together.
 */
export async function clearLockout(
  db: Database,
  input: { username: string; address?: string | undefined },
  now: Date = new Date(),
): Promise<{ audited: boolean }> {
  return db.transaction(async (tx) => {
    await clearSignInLockout(tx, input.username, input.address)
    const [account] = await tx
      .select({ uk: users.uk, marketId: users.marketId })
      .from(users)
      .where(eq(users.username, input.username))
      .limit(1)
    if (!account) return { audited: false }
    await writeAudit(tx, account.marketId, {
      actorUk: null,
      area: 'account',
      action: 'lockout_cleared',
      recordId: account.uk,
      ...(input.address ? { changes: { address: { before: null, after: input.address } } } : {}),
      at: now,
    })
    return { audited: true }
  })
}
