import { eq, inArray } from 'drizzle-orm'
import { loginThrottle } from '../db/schema'
import type { Database } from '../db/client'

/** Failures allowed per window before a lock: per account name, and (more loosely) per address. */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerUsername: 5,
  maxPerAddress: 20,
} as const

export const usernameKey = (username: string) => `u:${username.toLowerCase()}`
export const addressKey = (address: string) => `a:${address}`

/** Seconds until the later of the given keys unlocks, or 0 when none is locked. */
export async function lockedForSeconds(db: Database, keys: string[], now: Date): Promise<number> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys))
  let waitMs = 0
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) waitMs = Math.max(waitMs, row.lockedUntil.getTime() - now.getTime())
  }
  return Math.ceil(waitMs / 1000)
}

async function recordOne(db: Database, key: string, limit: number, now: Date): Promise<void> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1)
  const windowExpired = !row || now.getTime() - row.windowStartedAt.getTime() > THROTTLE_POLICY.windowMs
  const failures = windowExpired ? 1 : row.failures + 1
  const lockedUntil = failures >= limit ? new Date(now.getTime() + THROTTLE_POLICY.lockMs) : null
  const values = { failures, windowStartedAt: windowExpired ? now : row.windowStartedAt, lockedUntil }
  await db
    .insert(loginThrottle)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: loginThrottle.key, set: values })
}

export async function recordFailure(db: Database, username: string, address: string, now: Date): Promise<void> {
  await recordOne(db, usernameKey(username), THROTTLE_POLICY.maxPerUsername, now)
  await recordOne(db, addressKey(address), THROTTLE_POLICY.maxPerAddress, now)
}

/** A successful sign-in clears the account's counter (not the address's: one good account must not unlock guessing). */
export async function clearFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, usernameKey(username)))
}
