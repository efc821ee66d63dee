import type { Logger } from 'pino'
import { MAX_BATCH_EVENTS } from '../../../contract/device-api'
import {
  gateCount,
  paymentMethod,
  PAYMENTS_PER_MERCHANT_DAY,
  poisson,
  REFUND_RATE,
  refundFen,
  saleFen,
  testedStall,
  testOutcome,
  testSample,
  tradeShareOfHour,
  VISITORS_PER_MERCHANT_DAY,
} from '../seed/demo-trading'
import type { Random } from '../seed/random'
import type { DemoDevice, DemoMarket } from './console-client'
import { deviceCall, type CallOutcome } from './device-client'

/**
 * A trading day in the demo markets, as their devices would report it, sent through the device API
 * over HTTP: payments by the Shanghai hour (morning peak, lunch lull, evening peak) with the demo's
 * method mix and the odd refund of an earlier payment, gate counts every minute, rapid tests in the
 * test room's hours, heartbeats, and devices that drop offline for a while and come back with their
 * backlog.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const TICK_MS = 1_000
/** A device that has said nothing for this long sends a heartbeat (online means seen in 2 minutes). */
const HEARTBEAT_MS = 60_000
/** A terminal uploads what it took a few seconds later. */
const SEND_DELAY_MS = [1_000, 6_000] as const
/** The chance, per device per hour, of losing its network; then 3–20 minutes offline. */
const OFFLINE_PER_HOUR = 0.02
const OFFLINE_MS = [3 * MINUTE_MS, 20 * MINUTE_MS] as const
/** Of a merchant's payments, the share its scale takes when it has one (as in the seed). */
const SCALE_SHARE = 0.35
/** Rapid tests a day, between 08:30 and 15:30 Shanghai time. */
const TESTS_PER_DAY = 5
const TEST_HOURS = [8.5, 15.5] as const
/** Calls in flight at once, whatever the number of devices. */
const MAX_IN_FLIGHT = 8
/** A device keeps at most this many unsent events (a long outage drops the oldest). */
const MAX_PENDING = 5_000

type Event = Record<string, unknown> & { id: string }

type Simulated = DemoDevice & {
  /** Payments a day at rate 1. */
  perDay: number
  /** Visitors through this gate a day (counters). */
  visitorsPerDay: number
  stalls: readonly string[]
  pending: Event[]
  oldestPendingAt: number
  sendDelay: number
  recentPayments: { id: string; amountFen: number }[]
  refundsDue: { at: number; paymentId: string; amountFen: number }[]
  serial: number
  lastCallAt: number
  offlineUntil: number
  retryAt: number
  busy: boolean
  gone: boolean
  countedMinute: number
}

export type TradingOptions = {
  base: string
  markets: DemoMarket[]
  /** Multiplies the payments (1: PAYMENTS_PER_MERCHANT_DAY per merchant, as the seed's days). */
  rate: number
  random: Random
  logger: Logger
  now?: () => number
}

const between = (random: Random, [low, high]: readonly [number, number]) => low + random() * (high - low)
const shanghaiHours = (ms: number) =>
  ((((ms + 8 * HOUR_MS) % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS

export class Trading {
  private readonly devices: Simulated[] = []
  private readonly runId: string
  private timer: NodeJS.Timeout | null = null
  private inFlight = 0
  private readonly idle = new Set<() => void>()
  private lastTick: number
  private cursor = 0
  readonly stats = { payments: 0, refunds: 0, counts: 0, tests: 0, calls: 0, failures: 0, offline: 0 }

  constructor(private readonly options: TradingOptions) {
    const now = this.now()
    this.lastTick = now
    this.runId = now.toString(36)
    const { random } = options
    for (const market of options.markets) {
      const gates = market.devices.filter((device) => device.kind === 'passenger_counter').length
      const tested = market.stalls.filter(testedStall)
      const popularity = new Map<string, number>()
      const withScale = new Set(market.devices.filter((d) => d.kind === 'scale').map((d) => d.merchantId))
      for (const device of market.devices) {
        let perDay = 0
        if (device.merchantId) {
          if (!popularity.has(device.merchantId)) popularity.set(device.merchantId, 0.5 + random() * 1.1)
          const share = withScale.has(device.merchantId) ? (device.kind === 'scale' ? SCALE_SHARE : 1 - SCALE_SHARE) : 1
          perDay = PAYMENTS_PER_MERCHANT_DAY * (popularity.get(device.merchantId) as number) * share
        }
        this.devices.push({
          ...device,
          perDay,
          visitorsPerDay: gates > 0 ? (market.stalls.length * VISITORS_PER_MERCHANT_DAY) / gates : 0,
          stalls: tested,
          pending: [],
          oldestPendingAt: 0,
          sendDelay: between(random, SEND_DELAY_MS),
          recentPayments: [],
          refundsDue: [],
          serial: 0,
          // Spread the first heartbeats over a minute.
          lastCallAt: now - random() * HEARTBEAT_MS,
          offlineUntil: 0,
          retryAt: 0,
          busy: false,
          gone: false,
          countedMinute: Math.floor(now / MINUTE_MS),
        })
      }
    }
  }

  get deviceCount(): number {
    return this.devices.length
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), TICK_MS)
  }

  /** Stops ticking and waits (up to `waitMs`) for the calls in flight. */
  async stop(waitMs = 5_000): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.inFlight === 0) return
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timeout)
        resolve()
      }
      const timeout = setTimeout(() => {
        this.idle.delete(done)
        resolve()
      }, waitMs)
      this.idle.add(done)
    })
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  /** One second of the market: what happened, then who calls. */
  private tick(): void {
    const now = this.now()
    const elapsed = Math.min(now - this.lastTick, 60_000)
    this.lastTick = now
    for (const device of this.devices) {
      if (device.gone) continue
      this.happen(device, now, elapsed)
      this.connectivity(device, now, elapsed)
    }
    this.dispatch()
  }

  /**
   * Starts the calls that are due, up to MAX_IN_FLIGHT at once (again whenever one ends), in turn from
   * where the last round stopped, so no device waits behind the others.
   */
  private dispatch(): void {
    if (!this.timer) return
    const now = this.now()
    for (let seen = 0; seen < this.devices.length && this.inFlight < MAX_IN_FLIGHT; seen++) {
      const device = this.devices[this.cursor] as Simulated
      this.cursor = (this.cursor + 1) % this.devices.length
      if (device.gone || device.busy || device.offlineUntil > now || device.retryAt > now) continue
      if (device.pending.length > 0 && now - device.oldestPendingAt >= device.sendDelay) void this.send(device, now)
      else if (now - device.lastCallAt >= HEARTBEAT_MS) void this.heartbeat(device, now)
    }
  }

  private push(device: Simulated, event: Event, now: number): void {
    if (device.pending.length === 0) device.oldestPendingAt = now
    device.pending.push(event)
    if (device.pending.length > MAX_PENDING) device.pending.shift()
  }

  private nextId(device: Simulated): string {
    device.serial += 1
    return `S${this.runId}-${device.serial}`
  }

  /** What the device records in `elapsed` ms up to `now`. */
  private happen(device: Simulated, now: number, elapsed: number): void {
    const { random, rate } = this.options
    const iso = (ms: number) => new Date(ms).toISOString()
    if (device.kind === 'payment_terminal' || device.kind === 'scale') {
      const expected = (device.perDay * rate * tradeShareOfHour(now) * elapsed) / HOUR_MS
      for (let i = poisson(random, expected); i > 0; i--) {
        const method = paymentMethod(random)
        const amountFen = saleFen(random, device.category ?? 'other', method)
        const id = this.nextId(device)
        this.push(device, { id, type: 'payment', amountFen, method, paidAt: iso(now - random() * elapsed) }, now)
        this.stats.payments++
        device.recentPayments.push({ id, amountFen })
        if (device.recentPayments.length > 50) device.recentPayments.shift()
        if (random() < REFUND_RATE)
          device.refundsDue.push({
            at: now + between(random, [5 * MINUTE_MS, 120 * MINUTE_MS]),
            paymentId: id,
            amountFen,
          })
      }
      const due = device.refundsDue.filter((refund) => refund.at <= now)
      if (due.length > 0) {
        device.refundsDue = device.refundsDue.filter((refund) => refund.at > now)
        for (const refund of due) {
          this.push(
            device,
            {
              id: `${refund.paymentId}-R`,
              type: 'refund',
              paymentId: refund.paymentId,
              amountFen: refundFen(random, refund.amountFen),
              refundedAt: iso(now),
            },
            now,
          )
          this.stats.refunds++
        }
      }
    } else if (device.kind === 'passenger_counter') {
      // Each minute's count, as the minute ends.
      const minute = Math.floor(now / MINUTE_MS)
      for (let counted = device.countedMinute; counted < minute; counted++) {
        const start = counted * MINUTE_MS
        this.push(
          device,
          {
            id: this.nextId(device),
            type: 'passenger_count',
            periodStart: iso(start),
            periodSeconds: 60,
            ...gateCount(random, start, 60, device.visitorsPerDay),
          },
          now,
        )
        this.stats.counts++
      }
      device.countedMinute = minute
    } else {
      const hour = shanghaiHours(now)
      if (hour < TEST_HOURS[0] || hour >= TEST_HOURS[1]) return
      const expected = (TESTS_PER_DAY * elapsed) / ((TEST_HOURS[1] - TEST_HOURS[0]) * HOUR_MS)
      for (let i = poisson(random, expected); i > 0; i--) {
        this.push(
          device,
          {
            id: this.nextId(device),
            type: 'pesticide_test',
            ...testSample(random, device.stalls),
            ...testOutcome(random),
            testedAt: iso(now),
          },
          now,
        )
        this.stats.tests++
      }
    }
  }

  /** Now and then a device loses its network; it comes back with what it recorded meanwhile. */
  private connectivity(device: Simulated, now: number, elapsed: number): void {
    const { random, logger } = this.options
    if (device.offlineUntil > 0 && device.offlineUntil <= now) {
      device.offlineUntil = 0
      logger.debug({ device: device.code, backlog: device.pending.length }, 'device back online')
    } else if (device.offlineUntil === 0 && random() < (OFFLINE_PER_HOUR * elapsed) / HOUR_MS) {
      device.offlineUntil = now + between(random, OFFLINE_MS)
      this.stats.offline++
      logger.debug({ device: device.code, until: new Date(device.offlineUntil).toISOString() }, 'device offline')
    }
  }

  private async call(device: Simulated, now: number, run: () => Promise<CallOutcome>): Promise<CallOutcome> {
    device.busy = true
    this.inFlight++
    this.stats.calls++
    try {
      const outcome = await run()
      device.lastCallAt = now
      if (!outcome.ok) this.failed(device, outcome)
      return outcome
    } finally {
      device.busy = false
      this.inFlight--
      if (this.inFlight === 0) for (const resolve of this.idle) resolve()
      this.dispatch()
    }
  }

  private async heartbeat(device: Simulated, now: number): Promise<void> {
    await this.call(device, now, () => deviceCall(this.options.base, device, '/heartbeat', {}))
  }

  /** Sends the oldest pending events (a backlog goes 500 at a time). */
  private async send(device: Simulated, now: number): Promise<void> {
    const batch = device.pending.slice(0, MAX_BATCH_EVENTS)
    const outcome = await this.call(device, now, () =>
      deviceCall(this.options.base, device, '/events', { events: batch }),
    )
    if (outcome.ok || outcome.kind === 'rejected') {
      // Stored (or refused for good: sending it again would not help).
      device.pending.splice(0, batch.length)
      device.oldestPendingAt = now
      device.sendDelay = between(this.options.random, SEND_DELAY_MS)
    }
  }

  private failed(device: Simulated, outcome: Exclude<CallOutcome, { ok: true }>): void {
    const { logger } = this.options
    this.stats.failures++
    switch (outcome.kind) {
      case 'refused':
        // Unbound, or its secret rotated in the console: it is no longer a demo device.
        device.gone = true
        logger.warn({ device: device.code }, 'device refused by the server: no longer simulated')
        break
      case 'rejected':
        logger.warn({ device: device.code, rejected: outcome.rejected.slice(0, 3) }, 'batch refused')
        break
      case 'throttled':
        device.retryAt = this.now() + outcome.retryAfterMs
        break
      case 'failed':
        device.retryAt = this.now() + 5_000 + this.options.random() * 5_000
        logger.debug({ device: device.code, detail: outcome.detail }, 'call failed; will retry')
        break
    }
  }
}
