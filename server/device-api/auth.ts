import { timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { ApiCode } from '../../contract/api'
import type { DeviceKind } from '../../contract/device-list'
import { DEVICE_CODE } from '../../contract/devices'
import { devices, markets, merchants } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { AppEnv } from '../lib/types'
import { deviceAddressKey, deviceCodeKey, lockedFor, reserveAttempt } from '../lib/throttle'
import { hashSecret } from '../lib/tokens'
import { deviceCredentials, forgetEverywhere } from './credentials'
import { devicePresence } from './presence'

/** The bound device a device-API call authenticated as. */
export type AuthedDevice = {
  id: string
  code: string
  kind: DeviceKind
  marketId: string
  /** Its market's name: live items and failed-test notices name it (stall numbers repeat). */
  marketName: string
  merchantId: string | null
  merchantName: string | null
  stallNo: string
  /** When the row was read (a kept row's may be minutes old): presence.ts knows better. */
  lastSeenAt: Date | null
}

export type DeviceEnv = AppEnv & { Variables: { device: AuthedDevice } }

/** `Authorization: Basic base64(code:secret)`; anything else reads as no credentials. */
function credentials(header: string | undefined): { code: string; secret: string } | null {
  // The scheme's name is case-insensitive (RFC 9110).
  if (!header || header.slice(0, 6).toLowerCase() !== 'basic ') return null
  const text = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = text.indexOf(':')
  if (colon < 1 || text.length > 300) return null
  const code = text.slice(0, colon)
  // A code no device could have is refused like any other, without a query.
  if (!DEVICE_CODE.test(code)) return null
  return { code: code.toUpperCase(), secret: text.slice(colon + 1) }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

const refused = () => new ApiError(ApiCode.WRONG_CREDENTIALS, 'error_device_credentials')

/**
 * Authenticates a device by its code and secret (never a user token, never in a URL). Wrong, unknown,
 * unbound and revoked credentials get one answer (40100), which says nothing of whether the code
 * exists. Failures are counted per code and per address (42900 past the limit); right secrets count
 * nothing, so a market's devices behind one address never lock each other out. A right secret for a
 * row this instance keeps (credentials.ts) is answered without a read; a wrong one always takes the
 * whole path below, lock check first, so a locked code's right secret is refused like any other.
 */
export function requireDevice(): MiddlewareHandler<DeviceEnv> {
  return async (c, next) => {
    const { deps } = c.var
    const { db, clock } = deps
    const now = clock()
    const given = credentials(c.req.header('authorization'))
    // The hash is computed whether or not the code exists, so timing tells nothing either.
    const givenHash = hashSecret(given?.secret ?? '')
    const kept = deviceCredentials(deps)
    const known = given ? kept.get(given.code) : null
    if (known && sameHash(known.secretHash, givenHash)) {
      c.set('device', known.device)
      return next()
    }
    // Read before the lock and the row: a change heard after this is not overwritten by what they say.
    const generation = kept.generation
    const codeKey = given ? deviceCodeKey(given.code) : null
    if (codeKey) {
      const retryAfter = await lockedFor(db, codeKey, now)
      if (retryAfter !== null)
        throw new ApiError(
          ApiCode.TOO_MANY_ATTEMPTS,
          'error_too_many_device_attempts',
          { retryAfter },
          {
            minutes: Math.ceil(retryAfter / 60),
          },
        )
    }
    const [device] = given
      ? await db
          .select({
            id: devices.id,
            code: devices.code,
            kind: devices.kind,
            marketId: devices.marketId,
            marketName: markets.name,
            merchantId: devices.merchantId,
            merchantName: merchants.name,
            stallNo: devices.stallNo,
            lastSeenAt: devices.lastSeenAt,
            online: devices.online,
            secretHash: devices.secretHash,
          })
          .from(devices)
          .innerJoin(markets, eq(markets.id, devices.marketId))
          .leftJoin(merchants, eq(merchants.id, devices.merchantId))
          .where(and(eq(devices.code, given.code), isNull(devices.unboundAt)))
          .limit(1)
      : []
    if (!given || !device?.secretHash || !sameHash(device.secretHash, givenHash)) {
      c.header('WWW-Authenticate', 'Basic realm="device"')
      // Every instance reads this code's row and lock again: the lockout this may start holds everywhere.
      if (given && device) forgetEverywhere(deps, given.code)
      await reserveAttempt(
        db,
        [...(codeKey ? [codeKey] : []), deviceAddressKey(c.var.clientAddress)],
        now,
        'error_too_many_device_attempts',
      )
      throw refused()
    }
    const { secretHash, kind, online, ...rest } = device
    const authed: AuthedDevice = { ...rest, kind: kind as DeviceKind }
    devicePresence(deps).noteRow(authed.id, online, authed.lastSeenAt)
    kept.keep(given.code, { device: authed, secretHash }, generation)
    c.set('device', authed)
    await next()
  }
}
