import { and, eq, gt } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { ApiCode } from '../../contract/api'
import { CONSOLE_ROLES, isNormalStatus } from '../../contract/roles'
import { sessions, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { AppEnv } from '../lib/types'
import { hashToken } from '../user/tokens'

/** Sliding expiry is written at most this often, so a busy console does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000

export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim()
  return token.length > 0 && token.length <= 200 ? token : null
}

/**
 * Requires a live session of a console account. An unknown or expired token, or an account that was
 * frozen or lost its console role since, answers 1001 (the console then asks to sign in again).
 */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenFromHeader(c.req.header('authorization'))
    if (!token) throw new ApiError(ApiCode.NOT_SIGNED_IN, 'error_not_signed_in')
    const { db, clock, config } = c.get('deps')
    const now = clock()
    const tokenHash = hashToken(token)
    const [row] = await db
      .select({
        uk: users.uk,
        username: users.username,
        role: users.role,
        status: users.status,
        marketId: users.marketId,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.uk, sessions.userUk))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1)
    if (!row || !isNormalStatus(row.status) || !CONSOLE_ROLES.includes(row.role)) {
      throw new ApiError(ApiCode.NOT_SIGNED_IN, 'error_not_signed_in')
    }
    if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + config.sessionTtlSeconds * 1000) })
        .where(eq(sessions.tokenHash, tokenHash))
    }
    c.set('user', { uk: row.uk, username: row.username, role: row.role, status: row.status, marketId: row.marketId, tokenHash })
    await next()
  }
}

/** Allows only the listed roles; others get 40300. Must run after requireSession. */
export function requireRole(...roles: number[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('user').role)) throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
    await next()
  }
}
