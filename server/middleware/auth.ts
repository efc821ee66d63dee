import { and, eq, gt } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { ApiCode } from '../../contract/api'
import { CONSOLE_ROLES, isNormalStatus } from '../../contract/roles'
import { sessions, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { AppEnv, ServerDeps, SessionUser } from '../lib/types'
import { oldestLiveSession, sessionDeadlineMs, sessionExpiresAt } from '../lib/session-lifetime'
import { hashSecret } from '../lib/tokens'
import { accountColumns } from '../lib/account-columns'
import { noticesHeard } from '../lib/notices-heard'

/** Sliding expiry is written at most this often, so a busy console does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000

function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim()
  return token.length > 0 && token.length <= 200 ? token : null
}

async function loadSession(deps: ServerDeps, tokenHash: string, now: Date) {
  const [row] = await deps.db
    .select({
      ...accountColumns,
      avatar: users.avatar,
      registeredAt: users.registeredAt,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.uk, sessions.userUk))
    // The sign-in time is checked too: a row written under a longer SESSION_MAX_AGE still ends on time.
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, oldestLiveSession(deps.config, now)),
      ),
    )
    .limit(1)
  return row ?? null
}

/** Whether a token that no longer opens a session belongs to a frozen account (ended or not). */
async function isFrozenAccountToken(deps: ServerDeps, tokenHash: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.uk, sessions.userUk))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
  return row !== undefined && !isNormalStatus(row.status)
}

/** Whether a session still holds (a long-lived stream asks again now and then): not ended, not frozen. */
export async function isSessionLive(deps: ServerDeps, tokenHash: string): Promise<boolean> {
  const row = await loadSession(deps, tokenHash, deps.clock())
  return row !== null && isNormalStatus(row.status) && CONSOLE_ROLES.includes(row.role)
}

/**
 * Requires a live session of a console account. An unknown or expired token, or an account that lost
 * its console role since, answers 1001 (the console then asks to sign in again); a session of an
 * account frozen since answers 1002, so the console can say why.
 */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenFromHeader(c.req.header('authorization'))
    if (!token) throw new ApiError(ApiCode.NOT_SIGNED_IN, 'error_not_signed_in')
    const deps = c.get('deps')
    const now = deps.clock()
    const nowMs = now.getTime()
    const tokenHash = hashSecret(token)

    await noticesHeard()
    let entry = deps.sessionCache.get(tokenHash, nowMs)
    if (!entry) {
      const ticket = deps.sessionCache.readTicket()
      const row = await loadSession(deps, tokenHash, now)
      if (!row || !isNormalStatus(row.status) || !CONSOLE_ROLES.includes(row.role)) {
        // Only on the refusal path: a live session pays nothing for the distinction.
        if (await isFrozenAccountToken(deps, tokenHash))
          throw new ApiError(ApiCode.ACCOUNT_FROZEN, 'error_session_account_frozen')
        throw new ApiError(ApiCode.NOT_SIGNED_IN, 'error_not_signed_in')
      }
      const { createdAt, lastUsedAt, expiresAt, ...user } = row
      const createdAtMs = createdAt.getTime()
      entry = {
        user: { ...user, tokenHash } satisfies SessionUser,
        createdAtMs,
        expiresAtMs: Math.min(expiresAt.getTime(), sessionDeadlineMs(deps.config, createdAtMs)),
        lastUsedAtMs: lastUsedAt.getTime(),
        cachedAtMs: nowMs,
      }
      deps.sessionCache.set(tokenHash, entry, ticket)
    }
    if (nowMs - entry.lastUsedAtMs > TOUCH_INTERVAL_MS) {
      // Slides with activity, but never past the absolute lifetime.
      const expiresAt = sessionExpiresAt(deps.config, entry.createdAtMs, nowMs)
      await deps.db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash))
      entry.lastUsedAtMs = nowMs
      entry.expiresAtMs = expiresAt.getTime()
    }
    c.set('user', entry.user)
    await next()
  }
}

/** Allows only the listed roles; others get 40300. Must run after requireSession. */
export function requireRole(...roles: readonly number[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('user').role)) throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
    await next()
  }
}
