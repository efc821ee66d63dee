import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { AuditArea } from '../../contract/audit'
import { Role, isNormalStatus } from '../../contract/roles'
import type { Database, Transaction } from '../db/client'
import { sessions, users } from '../db/schema'
import { changedFields, writeAudit } from '../lib/audit'
import { uniqueViolation } from '../lib/db-errors'
import { ApiError } from '../lib/errors'
import type { ServerDeps, SessionUser } from '../lib/types'
import { clearCount, usernameKey } from '../lib/throttle'
import { generateClearPassword, hashPassword, md5Hex } from '../lib/passwords'
import { accountColumns } from '../lib/account-columns'
import { announceEndedSessions, endedSessionsHeard } from './session-revocations'

/**
 * What every area does to an account (market operators now, merchants next): create it, freeze or
 * unfreeze it, reset its password, end its sessions. Service functions take `(deps, caller, input)`
 * and check who may do it; `createAccount` and `endSessions` join the caller's transaction.
 */

/** An open transaction (or the database, for a single statement). */
type Writer = Database | Transaction

/**
 * The record an action is logged against: the market or merchant that owns the account (its page is
 * where the action is taken), or, when none is given, the account itself in its own market.
 */
export type AuditSubject = { area: AuditArea; recordId: string; marketId: string | null }

const accountSubject = (target: Target): AuditSubject => ({
  area: 'account',
  recordId: target.uk,
  marketId: target.marketId,
})

export type NewAccount = {
  /** Given when another row must point at the account before it exists (markets.account_uk). */
  uk?: string
  username: string
  /** From `hashPassword`: the server never holds a clear password it did not generate. */
  passwordHash: string
  role: number
  status: number
  marketId: string | null
  registeredAt?: Date
}

type Target = { uk: string; username: string; role: number; status: number; marketId: string | null }

const usernameTaken = () => new ApiError(ApiCode.CONFLICT, 'error_username_taken')

/** Inserts an account and returns its uk. A taken username answers 40900, also when a concurrent insert wins the race. */
export async function createAccount(tx: Writer, account: NewAccount): Promise<string> {
  const [taken] = await tx.select({ uk: users.uk }).from(users).where(eq(users.username, account.username)).limit(1)
  if (taken) throw usernameTaken()
  const uk = account.uk ?? randomUUID()
  try {
    await tx.insert(users).values({ ...account, uk })
  } catch (error) {
    if (uniqueViolation(error)?.includes('username')) throw usernameTaken()
    throw error
  }
  return uk
}

/**
 * Ends a frozen account's sessions by expiring them rather than deleting them: a console still open
 * with one is then told the account was frozen (1002), not that its login expired.
 */
export async function expireSessions(tx: Writer, uk: string, now: Date): Promise<void> {
  await tx.update(sessions).set({ expiresAt: now }).where(eq(sessions.userUk, uk))
  await announceEndedSessions(tx, { uk })
}

/** Deletes the account's sessions (all, or all but the caller's own). Inside the transaction that caused it. */
export async function endSessions(tx: Writer, uk: string, exceptTokenHash?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      exceptTokenHash ? and(eq(sessions.userUk, uk), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userUk, uk),
    )
  await announceEndedSessions(tx, exceptTokenHash ? { uk, exceptTokenHash } : { uk })
}

/**
 * Drops the account's cached sessions here at once, then waits until the NOTIFY that expireSessions or
 * endSessions sent came back (every instance has been sent it). Call it AFTER the transaction that
 * ended them commits (before, a concurrent request could re-cache a session still in the database),
 * and answer after it.
 */
export async function forgetSessions(
  deps: Pick<ServerDeps, 'sessionCache'>,
  uk: string,
  exceptTokenHash?: string,
): Promise<void> {
  deps.sessionCache.forgetUser(uk, exceptTokenHash)
  await endedSessionsHeard(deps.sessionCache, { uk })
}

/**
 * Who may freeze, unfreeze or reset whom. OFFICIAL: any account that is not OFFICIAL (its own password
 * has the change form; other staff accounts are the command line's, never handed out in clear here).
 * MARKET: merchant accounts of its own market. Anyone else: nobody.
 */
function assertMayManage(
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  target: Pick<Target, 'role' | 'marketId'>,
): void {
  if (caller.role === Role.OFFICIAL) {
    if (target.role === Role.OFFICIAL) throw new ApiError(ApiCode.FORBIDDEN, 'error_official_account_protected')
    return
  }
  if (
    caller.role === Role.MARKET &&
    target.role === Role.MERCHANT &&
    target.marketId !== null &&
    target.marketId === caller.marketId
  )
    return
  throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
}

async function findTarget(db: Database, uk: string): Promise<Target> {
  const [target] = await db
    .select({
      ...accountColumns,
    })
    .from(users)
    .where(eq(users.uk, uk))
    .limit(1)
  if (!target) throw new ApiError(ApiCode.NOT_FOUND, 'error_user_not_found')
  return target
}

/**
 * Freezes (any status but normal) or unfreezes an account. Freezing ends its sessions everywhere at
 * once. Audited as freeze / unfreeze with the status before and after, against `subject` or the account.
 */
export async function setAccountStatus(
  deps: ServerDeps,
  caller: SessionUser,
  input: { uk: string; status: number; subject?: AuditSubject },
): Promise<void> {
  const { db, clock } = deps
  const target = await findTarget(db, input.uk)
  assertMayManage(caller, target)
  const frozen = !isNormalStatus(input.status)
  const now = clock()
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: input.status }).where(eq(users.uk, target.uk))
    if (frozen) await expireSessions(tx, target.uk, now)
    const subject = input.subject ?? accountSubject(target)
    await writeAudit(tx, subject.marketId, {
      actorUk: caller.uk,
      area: subject.area,
      action: frozen ? 'freeze' : 'unfreeze',
      recordId: subject.recordId,
      changes: changedFields({ accountStatus: target.status }, { accountStatus: input.status }, ['accountStatus']),
      at: now,
    })
  })
  if (frozen) await forgetSessions(deps, target.uk)
}

/**
 * Gives an account a new random password (meeting the policy) and returns it, to be shown once. The
 * account's sessions end, and its sign-in lock is lifted so the new password works at once. Audited as
 * password_reset against the account, or against `subject` when given.
 */
export async function resetAccountPassword(
  deps: ServerDeps,
  caller: SessionUser,
  input: { uk: string; subject?: AuditSubject },
): Promise<string> {
  const { db, clock } = deps
  const target = await findTarget(db, input.uk)
  assertMayManage(caller, target)
  const clearPwd = generateClearPassword()
  const passwordHash = await hashPassword(md5Hex(clearPwd))
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.uk, target.uk))
    await endSessions(tx, target.uk)
    const subject = input.subject ?? accountSubject(target)
    await writeAudit(tx, subject.marketId, {
      actorUk: caller.uk,
      area: subject.area,
      action: 'password_reset',
      recordId: subject.recordId,
      at: clock(),
    })
  })
  await forgetSessions(deps, target.uk)
  await clearCount(db, usernameKey(target.username))
  return clearPwd
}
