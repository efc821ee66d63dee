import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { ApiCode } from '../../contract/api'
import type { DeviceKind } from '../../contract/device-list'
import { DEVICE_CODE } from '../../contract/devices'
import { rowsOf, type Database } from '../db/client'
import { ApiError } from '../lib/errors'
import type { AppEnv } from '../lib/types'
import { deviceAddressKey, deviceCodeKey, reserveAttempt, type ThrottleKey } from '../lib/throttle'
import { hashSecret } from '../lib/tokens'
import { deviceCredentials, forgetEverywhere } from './credentials'
import { devicePresence } from './presence'
import { literal } from './rollups'
import { noticesHeard } from '../lib/notices-heard'

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

type DeviceRow = {
  id: string | null
  code: string
  kind: string
  market_id: string
  market_name: string | null
  merchant_id: string | null
  merchant_name: string | null
  stall_no: string
  last_seen_at: Date | string | null
  online: boolean
  secret_hash: string | null
  locked_until: Date | string | null
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value))

/**
 * The code's lock and its bound device (with its market's and merchant's names) in one round trip: a
 * row always comes back, the device's columns null when no bound device has the code. The code is
 * checked against DEVICE_CODE before it gets here.
 */
async function readDevice(db: Database, code: string, codeKey: ThrottleKey) {
  const [row] = rowsOf<DeviceRow>(
    await db.execute(sql`
      select d.id, d.code, d.kind, d.market_id, m.name as market_name, d.merchant_id, mc.name as merchant_name,
        d.stall_no, d.last_seen_at, d.online, d.secret_hash,
        (select locked_until from login_throttle where key = ${literal(codeKey.key)}) as locked_until
      from (select 1) as one
      left join devices d on d.code = ${literal(code)} and d.unbound_at is null
      left join markets m on m.id = d.market_id
      left join merchants mc on mc.id = d.merchant_id`),
  )
  if (!row) return null
  const bound = row.id !== null && row.market_name !== null
  return {
    lockedUntil: dateOf(row.locked_until),
    device: bound
      ? {
          id: row.id as string,
          code: row.code,
          kind: row.kind as DeviceKind,
          marketId: row.market_id,
          marketName: row.market_name as string,
          merchantId: row.merchant_id,
          merchantName: row.merchant_name,
          stallNo: row.stall_no,
          lastSeenAt: dateOf(row.last_seen_at),
          online: row.online,
          secretHash: row.secret_hash,
        }
      : undefined,
  }
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
    if (given) await noticesHeard()
    const known = given ? kept.get(given.code) : null
    if (known && sameHash(known.secretHash, givenHash)) {
      c.set('device', known.device)
      return next()
    }
    // Read before the lock and the row: a change heard after this is not overwritten by what they say.
    const generation = kept.generation
    const codeKey = given ? deviceCodeKey(given.code) : null
    const read = given && codeKey ? await readDevice(db, given.code, codeKey) : null
    if (read?.lockedUntil && read.lockedUntil > now) {
      const retryAfter = Math.max(1, Math.ceil((read.lockedUntil.getTime() - now.getTime()) / 1000))
      throw new ApiError(
        ApiCode.TOO_MANY_ATTEMPTS,
        'error_too_many_device_attempts',
        { retryAfter },
        { minutes: Math.ceil(retryAfter / 60) },
      )
    }
    const device = read?.device
    if (!given || !device?.secretHash || !sameHash(device.secretHash, givenHash)) {
      c.header('WWW-Authenticate', 'Basic realm="device"')
      try {
        await reserveAttempt(
          db,
          [...(codeKey ? [codeKey] : []), deviceAddressKey(c.var.clientAddress)],
          now,
          'error_too_many_device_attempts',
        )
      } finally {
        // Once the failure is counted (a lock it started is committed), every instance reads this
        // code's row and lock again: a row kept from before the lock is never answered from after it.
        if (given && device) forgetEverywhere(deps, given.code)
      }
      throw refused()
    }
    const { secretHash, online, ...authed } = device
    devicePresence(deps).noteRow(authed.id, online, authed.lastSeenAt)
    kept.keep(given.code, { device: authed, secretHash }, generation)
    c.set('device', authed)
    await next()
  }
}
