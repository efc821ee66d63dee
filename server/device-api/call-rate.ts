import type { MiddlewareHandler } from 'hono'
import { ApiCode } from '../../contract/api'
import { ApiError } from '../lib/errors'
import type { AppConfig, ServerDeps } from '../lib/types'
import type { DeviceEnv } from './auth'

/** How often one device may call: `perSecond` sustained, `burst` at once. */
export type CallAllowance = NonNullable<AppConfig['deviceCallAllowance']>

/**
 * An honest device sends a heartbeat every 30–60 s and its batches one at a time (docs/device-api.md),
 * a few calls a second at most while catching up; a firmware loop calls hundreds of times a second.
 */
export const DEVICE_CALL_ALLOWANCE: CallAllowance = { perSecond: 5, burst: 20 }
/** Buckets left full this long are forgotten (a full bucket and no bucket are the same). */
const FORGET_AFTER_MS = 60_000

type Bucket = { tokens: number; at: number }

/**
 * A token bucket per device, in this instance's memory: each instance counts its own calls (behind a
 * load balancer a device gets the allowance on each instance it reaches), and a restart forgets them.
 */
export class CallBuckets {
  private readonly buckets = new Map<string, Bucket>()
  private sweptAt = 0

  constructor(private readonly allowance: CallAllowance) {}

  /** Counts one call of `key` at `now` (ms); answers null when allowed, or the seconds to wait. */
  take(key: string, now: number): number | null {
    const { perSecond, burst } = this.allowance
    this.forgetIdle(now)
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now }
    // A clock set back refills nothing.
    const elapsed = Math.max(0, now - bucket.at)
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsed / 1000) * perSecond)
    bucket.at = Math.max(bucket.at, now)
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return null
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
  }

  /** How many devices are counted now (tests). */
  get size(): number {
    return this.buckets.size
  }

  /** At most once a minute, forgets the buckets that have refilled: memory follows the devices calling now. */
  private forgetIdle(now: number): void {
    if (now - this.sweptAt < FORGET_AFTER_MS) return
    this.sweptAt = now
    const full = (this.allowance.burst / this.allowance.perSecond) * 1000
    for (const [key, bucket] of this.buckets) if (now - bucket.at >= full) this.buckets.delete(key)
  }
}

/** One set of buckets per app (createApp makes one deps object): per instance, and per test app. */
const bucketsOf = new WeakMap<ServerDeps, CallBuckets>()

function deviceCallBuckets(deps: ServerDeps): CallBuckets {
  let buckets = bucketsOf.get(deps)
  if (!buckets)
    bucketsOf.set(deps, (buckets = new CallBuckets(deps.config.deviceCallAllowance ?? DEVICE_CALL_ALLOWANCE)))
  return buckets
}

/**
 * Refuses a device calling faster than its allowance with 429 (42900, `data.retryAfter` and a
 * Retry-After header), right after its credentials are checked and before any other database work.
 * Counted by device code: the same terminal unbound and bound again keeps its count.
 */
export function limitCallRate(): MiddlewareHandler<DeviceEnv> {
  return async (c, next) => {
    const { deps, device } = c.var
    const retryAfter = deviceCallBuckets(deps).take(device.code, deps.clock().getTime())
    if (retryAfter !== null)
      throw new ApiError(
        ApiCode.TOO_MANY_ATTEMPTS,
        'error_device_calls_too_fast',
        { retryAfter },
        { seconds: retryAfter },
      )
    await next()
  }
}
