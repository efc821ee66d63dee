import { and, eq, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { Database } from '../db/client'
import { loginThrottle } from '../db/schema'
import { ApiError } from './errors'

/** Attempts allowed per window before a lock: per account, and (more loosely) per address. */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerUsername: 5,
  maxPerAddress: 20,
} as const

/** One counter: its row in login_throttle and how many attempts a window allows. */
export type ThrottleKey = { key: string; limit: number }

/** Sign-in guesses at one account name (any case: names are looked up as typed, guesses must not multiply). */
export const usernameKey = (username: string): ThrottleKey => ({
  key: `u:${username.toLowerCase()}`,
  limit: THROTTLE_POLICY.maxPerUsername,
})
/** Guesses at a signed-in account's current password (POST /api/user/password). */
export const passwordKey = (uk: string): ThrottleKey => ({ key: `p:${uk}`, limit: THROTTLE_POLICY.maxPerUsername })
/** Everything one address tries, sign-in and password change alike. */
export const addressKey = (address: string): ThrottleKey => ({
  key: `a:${address}`,
  limit: THROTTLE_POLICY.maxPerAddress,
})

/**
 * Failed device sign-ins (the device API): per device code, and per address. Only failures count: a
 * market's devices share one address behind its router, and their right secrets must not lock it.
 */
export const deviceCodeKey = (code: string): ThrottleKey => ({ key: `dc:${code.toUpperCase()}`, limit: 10 })
export const deviceAddressKey = (address: string): ThrottleKey => ({ key: `da:${address}`, limit: 30 })

/** An attempt counted on one key, in the window it was counted in (so giving it back never touches a later window). */
export type Reservation = ThrottleKey & { windowStartedAt: Date }

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`

/**
 * Counts one attempt on the key in a single upsert, before anything is checked: concurrent attempts
 * queue on the row, so each sees the count of all those before it and a burst cannot pass the limit.
 * `failures` therefore counts attempts (failed or still being checked), not only failures. A window
 * starts afresh once it ran out unlocked, or once its lock was served; the attempt that reaches the
 * limit sets the lock and is still checked, every later one is refused until the lock ends.
 */
async function countAttempt(db: Database, { key, limit }: ThrottleKey, now: Date) {
  const t = loginThrottle
  const lockUntil = new Date(now.getTime() + THROTTLE_POLICY.lockMs)
  const fresh = sql`(CASE WHEN ${t.lockedUntil} IS NULL THEN ${t.windowStartedAt} <= ${at(new Date(now.getTime() - THROTTLE_POLICY.windowMs))} ELSE ${t.lockedUntil} <= ${at(now)} END)`
  const count = sql`(CASE WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END)`
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: t.key,
      // Every expression reads the row as it was before this attempt.
      set: {
        failures: count,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN ${at(now)} ELSE ${t.windowStartedAt} END`,
        // A lock in force is kept as it is: refused attempts do not extend it.
        lockedUntil: sql`CASE WHEN ${t.lockedUntil} > ${at(now)} THEN ${t.lockedUntil} WHEN ${count} >= ${limit} THEN ${at(lockUntil)} ELSE NULL END`,
      },
    })
    .returning({ failures: t.failures, windowStartedAt: t.windowStartedAt, lockedUntil: t.lockedUntil })
  if (!row) throw new Error('login_throttle upsert returned nothing')
  return row
}

/**
 * Counts one attempt on every key, in order, BEFORE the credentials are checked. When a key is past
 * its limit the attempt is refused with 42900 and `{ retryAfter }` (seconds); the keys counted before
 * it are given back, so a locked account does not use up its address's allowance. Not for use inside
 * a transaction: each count must commit at once for concurrent attempts to see it.
 */
export async function reserveAttempt(
  db: Database,
  keys: readonly ThrottleKey[],
  now: Date,
  messageKey:
    | 'error_too_many_attempts'
    | 'error_too_many_password_attempts'
    | 'error_too_many_device_attempts' = 'error_too_many_attempts',
): Promise<Reservation[]> {
  const reserved: Reservation[] = []
  for (const key of keys) {
    const row = await countAttempt(db, key, now)
    if (row.failures > key.limit) {
      await giveBack(db, reserved)
      const waitMs = row.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : THROTTLE_POLICY.lockMs
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
      throw new ApiError(ApiCode.TOO_MANY_ATTEMPTS, messageKey, { retryAfter }, { minutes: Math.ceil(retryAfter / 60) })
    }
    reserved.push({ ...key, windowStartedAt: row.windowStartedAt })
  }
  return reserved
}

/**
 * Returns counted attempts that turned out not to be guesses (the password was right): an office
 * behind one address is not locked by its own sign-ins. A lock the count no longer reaches is lifted.
 */
export async function giveBack(db: Database, reservations: readonly Reservation[]): Promise<void> {
  const t = loginThrottle
  for (const { key, limit, windowStartedAt } of reservations) {
    await db
      .update(t)
      .set({
        failures: sql`GREATEST(${t.failures} - 1, 0)`,
        lockedUntil: sql`CASE WHEN ${t.failures} - 1 < ${limit} THEN NULL ELSE ${t.lockedUntil} END`,
      })
      .where(and(eq(t.key, key), eq(t.windowStartedAt, windowStartedAt)))
  }
}

/** The password was right: the account's count is cleared, the other keys' attempts given back. */
export async function acceptAttempt(
  db: Database,
  reservations: readonly Reservation[],
  account: ThrottleKey,
): Promise<void> {
  await giveBack(
    db,
    reservations.filter((r) => r.key !== account.key),
  )
  await clearCount(db, account)
}

/** Forgets a key's count: after a correct password the account's earlier failures no longer matter. */
export async function clearCount(db: Pick<Database, 'delete'>, key: ThrottleKey): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key.key))
}

/**
 * Ends a sign-in lockout at once: the account's failures and, when given, the address's. Without it a
 * lock ends by itself `lockMs` after it started. `npm run clear-lockout` calls it through
 * `clearLockout` (server/user/service.ts), which records it in the audit trail.
 */
export async function clearSignInLockout(
  db: Pick<Database, 'delete'>,
  username: string,
  address?: string,
): Promise<void> {
  await clearCount(db, usernameKey(username))
  if (address) await clearCount(db, addressKey(address))
}
