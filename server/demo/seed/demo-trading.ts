import { maxPassengersFor, type PaymentMethod } from '../../../contract/device-api'
import type { BusinessCategory } from '../../../contract/merchant-list'
import { pick, weighted, type Random } from './random'

/**
 * How a demo market trades, shared by the demo seed's 30 days of history and the simulator that
 * carries on from there (server/demo/simulator): the day's shape by Shanghai hour, the payment-method mix,
 * what a sale at a produce stall costs, the crowd at the gates and the rapid pesticide tests.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS

/**
 * Trade per Shanghai hour, relative to the busiest (07:00): a morning peak for the day's cooking
 * (06:00–09:00), a lull over lunch and the early afternoon, an evening peak after work (17:00–19:00),
 * and a trickle at night (stalls that supply canteens and restaurants start before dawn).
 */
const TRADE_BY_HOUR = [
  0.02, 0.02, 0.02, 0.03, 0.1, 0.45, 0.85, 1, 0.9, 0.65, 0.5, 0.38, 0.22, 0.2, 0.25, 0.35, 0.55, 0.85, 0.9, 0.55, 0.22,
  0.08, 0.03, 0.02,
] as const
const TRADE_PER_DAY = TRADE_BY_HOUR.reduce((sum, weight) => sum + weight, 0)
const HOUR_CHOICES = TRADE_BY_HOUR.map((weight, hour) => [hour, weight] as const)

/**
 * Payments a demo merchant takes on a weekday, on every one of the seed's 30 days and from the
 * simulator at rate 1: about 330 a day in a market of 110 stalls. A busy real stall takes 100–300;
 * every seeded payment is a ledger row, a transaction and its rollups, so the demo's month stays small
 * to keep the first start on PGlite to seconds. `SIMULATE_RATE=20` (or `npm run simulate -- --rate 20`)
 * trades faster from then on.
 */
export const PAYMENTS_PER_MERCHANT_DAY = 3
/** People through a market's gates per merchant per day (a shopper buys at two or three stalls). */
export const VISITORS_PER_MERCHANT_DAY = 25

/** Weekends are busier at a neighbourhood market. */
const WEEKEND_FACTOR = 1.15

/** How payers pay at a Chinese produce stall (2020s): mostly WeChat Pay and Alipay QR codes. */
const METHOD_MIX: readonly (readonly [PaymentMethod, number])[] = [
  ['wechat', 55],
  ['alipay', 30],
  ['unionpay', 5],
  ['cash', 8],
  ['other', 2],
]

/** A sale's range in yuan per kind of stall: a bunch of greens to a cut of beef. */
const SALE_YUAN: Record<BusinessCategory, readonly [number, number]> = {
  vegetables: [3, 30],
  fruit: [5, 60],
  meat: [15, 80],
  aquatic: [12, 80],
  eggs_poultry: [8, 50],
  grain_oil: [10, 80],
  dry_goods: [6, 60],
  cooked_food: [8, 50],
  other: [3, 40],
}

/** Share of payments refunded later (a wrong weight, a returned item). */
export const REFUND_RATE = 0.008

/** Share of rapid tests that fail (inhibition above 50 %, GB/T 5009.199). */
const TEST_FAIL_RATE = 0.03

/** What the test station samples, by the zone of the stall it comes from. */
const TESTED_PRODUCE = {
  A: ['青菜', '菠菜', '芹菜', '韭菜', '油麦菜', '小白菜', '生菜', '黄瓜', '豇豆', '西红柿', '茄子', '青椒'],
  B: ['苹果', '葡萄', '草莓', '梨', '桃', '橘子'],
} as const

/** The Shanghai hour an instant falls in, 0–23. */
const shanghaiHour = (ms: number) => Math.floor(((((ms + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS)

const isWeekend = (ms: number) => {
  const weekday = new Date(ms + SHANGHAI_OFFSET_MS).getUTCDay()
  return weekday === 0 || weekday === 6
}

/**
 * The expected share of a day's trade that falls in the hour containing `ms` (the hours of a weekday
 * sum to 1; a weekend's to 1.15).
 */
export function tradeShareOfHour(ms: number): number {
  return ((TRADE_BY_HOUR[shanghaiHour(ms)] ?? 0) / TRADE_PER_DAY) * (isWeekend(ms) ? WEEKEND_FACTOR : 1)
}

/** How many of a day's expected `perDay` events a day starting at `dayStart` gets (weekends more). */
export const dayVolume = (random: Random, perDay: number, dayStart: number) =>
  poisson(random, perDay * (isWeekend(dayStart) ? WEEKEND_FACTOR : 1))

/** A moment of the Shanghai day starting at `dayStart` (ms), drawn from the day's shape. */
export function tradeTime(random: Random, dayStart: number): number {
  const hour = weighted(random, HOUR_CHOICES)
  return dayStart + hour * HOUR_MS + Math.floor(random() * HOUR_MS)
}

export const paymentMethod = (random: Random): PaymentMethod => weighted(random, METHOD_MIX)

/**
 * A sale in fen: most are small (the low end of the stall's range is likelier), priced to the jiao;
 * cash to the half yuan, as change is given.
 */
export function saleFen(random: Random, category: BusinessCategory, method: PaymentMethod): number {
  const [low, high] = SALE_YUAN[category]
  const yuan = low * (high / low) ** (random() ** 1.6)
  return method === 'cash' ? Math.max(50, Math.round(yuan * 2) * 50) : Math.max(10, Math.round(yuan * 10) * 10)
}

/** What is refunded of a payment: usually all of it, sometimes part (a weight corrected). */
export const refundFen = (random: Random, paidFen: number) =>
  random() < 0.7 ? paidFen : Math.max(10, Math.round((paidFen * (0.2 + 0.6 * random())) / 10) * 10)

/** A count with mean `mean` (Poisson; a normal approximation for large means). */
export function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0
  if (mean > 30) {
    const gauss = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * gauss))
  }
  const limit = Math.exp(-mean)
  let count = 0
  let product = random()
  while (product > limit) {
    count++
    product *= random()
  }
  return count
}

/**
 * People through one gate in a period: arrivals follow the trade of the hour; leaving trails arriving
 * by about 40 minutes (the time a shopper spends inside).
 */
export function gateCount(
  random: Random,
  periodStart: number,
  periodSeconds: number,
  visitorsPerDay: number,
): { in: number; out: number } {
  const hours = periodSeconds / 3600
  // Never past what the device API finds plausible for the period (a Poisson draw has no upper bound).
  const most = maxPassengersFor(periodSeconds)
  return {
    in: Math.min(most, poisson(random, visitorsPerDay * tradeShareOfHour(periodStart) * hours)),
    out: Math.min(most, poisson(random, visitorsPerDay * tradeShareOfHour(periodStart - 40 * 60_000) * hours)),
  }
}

/** A stall whose produce the test station samples, with what it tested. */
export function testSample(random: Random, stalls: readonly string[]): { stallNo: string; produce: string } {
  const stallNo = stalls.length > 0 ? pick(random, stalls) : ''
  const zone = stallNo.startsWith('B') ? 'B' : 'A'
  return { stallNo, produce: pick(random, TESTED_PRODUCE[zone]) }
}

/** A rapid test's outcome: inhibition rate to one decimal, failing above 50 %. */
export function testOutcome(random: Random): { inhibitionPct: number; result: 'pass' | 'fail' } {
  const failed = random() < TEST_FAIL_RATE
  const pct = failed ? 50.1 + random() * 35 : 2 + random() * 40
  return { inhibitionPct: Math.round(pct * 10) / 10, result: failed ? 'fail' : 'pass' }
}

/** Stalls the test station samples: vegetables (zone A) and fruit (zone B). */
export const testedStall = (stallNo: string) => stallNo.startsWith('A-') || stallNo.startsWith('B-')
