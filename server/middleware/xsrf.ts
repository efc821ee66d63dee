import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { ApiCode } from '../../contract/api'
import { ApiError } from '../lib/errors'
import type { AppEnv } from '../lib/types'

const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Double-submit cookie: every response hands out XSRF-TOKEN (readable by the page's script) when the
 * browser lacks one, and every state-changing /api call must echo it in X-XSRF-TOKEN.
 * Device calls (/api/device/) authenticate with their own secret and are not browser calls.
 */
export function xsrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE)
    if (!cookie) {
      // Set before the check so even a refused first call leaves the caller able to retry.
      setCookie(c, XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'Strict',
        secure: c.get('deps').config.secureCookies,
        httpOnly: false,
      })
    }
    const path = c.req.path
    if (!SAFE_METHODS.has(c.req.method) && path.startsWith('/api/') && !path.startsWith('/api/device/')) {
      const header = c.req.header(XSRF_HEADER)
      if (!cookie || !header || !sameToken(cookie, header)) {
        throw new ApiError(ApiCode.FORBIDDEN, 'error_xsrf')
      }
    }
    await next()
  }
}
