import { LATEST_TESTS, LATEST_TRANSACTIONS, type Daily, type Today } from '@contract/dashboard'
import { itemKey, type PassengersLive, type TestsLive, type TransactionsLive } from '@contract/live'
import { formatShanghaiTime, shanghaiDayStart } from '@contract/time'
import type { LatestTests, LatestTransactions, Methods, Minutes, PassengerFlow } from './queries'

/**
 * How a live event changes what the widgets show, as pure functions of the cached answer: the
 * workplace patches its query cache with these rather than reading every figure again. A function
 * answers `null` when the event cannot be applied exactly (a backlog from an earlier day, a batch
 * larger than the items it lists): the caller then reads that figure afresh.
 */

const MINUTE_MS = 60_000
const SLOT_MS = 10 * MINUTE_MS

/** The instant of a Shanghai 'YYYY-MM-DD HH:mm:ss' (through contract/time.ts's day start). */
function instantOf(time: string): number {
  const [hours, minutes, seconds] = time.slice(11).split(':').map(Number) as [number, number, number]
  return shanghaiDayStart(time.slice(0, 10)).getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000
}

/** Whether the batch's items are all of it (no payment or refund left out of the event). */
const complete = (event: TransactionsLive) => event.items.length === event.payments + event.refunds

/** Whether every item happened on `day` (a device sending a backlog may send yesterday's). */
const allOn = (event: TransactionsLive, day: string) => event.items.every((item) => item.time.startsWith(day))

/** Today's figures plus a batch of today's payments and refunds. */
export function addToToday(today: Today, event: TransactionsLive, day: string): Today | null {
  if (!complete(event) || !allOn(event, day)) return null
  return {
    ...today,
    today: {
      paymentFen: today.today.paymentFen + event.paymentFen,
      payments: today.today.payments + event.payments,
      refunds: today.today.refunds + event.refunds,
      refundFen: today.today.refundFen + event.refundFen,
    },
  }
}

/** The 30 days with a batch of today's payments added to today's bar. */
export function addToDaily(daily: Daily, event: TransactionsLive, day: string): Daily | null {
  if (!complete(event) || !allOn(event, day)) return null
  if (daily.at(-1)?.day !== day) return null
  return daily.map((point) =>
    point.day === day
      ? { ...point, paymentFen: point.paymentFen + event.paymentFen, payments: point.payments + event.payments }
      : point,
  )
}

/** Today's method shares with a batch's payments added (refunds do not count in the shares). */
export function addToMethods(methods: Methods, event: TransactionsLive, day: string): Methods | null {
  if (!complete(event) || !allOn(event, day)) return null
  return methods.map((share) => {
    const paid = event.items.filter((item) => item.type === 'payment' && item.method === share.method)
    if (paid.length === 0) return share
    return {
      ...share,
      payments: share.payments + paid.length,
      paymentFen: share.paymentFen + paid.reduce((sum, item) => sum + item.amountFen, 0),
    }
  })
}

/**
 * The last hour moved on to the minute `now` falls in: a zero point for each minute that began since
 * the last one, the oldest dropped, still 60 points.
 */
export function shiftMinutes(minutes: Minutes, now: Date | number): Minutes {
  const last = minutes.at(-1)
  if (!last) return minutes
  const current = Math.floor(new Date(now).getTime() / MINUTE_MS) * MINUTE_MS
  const lastAt = instantOf(last.time)
  const missing = Math.round((current - lastAt) / MINUTE_MS)
  if (missing <= 0) return minutes
  if (missing >= minutes.length)
    return minutes.map((_, i) => ({
      time: formatShanghaiTime(current - (minutes.length - 1 - i) * MINUTE_MS),
      paymentFen: 0,
      payments: 0,
    }))
  const added = Array.from({ length: missing }, (_, i) => ({
    time: formatShanghaiTime(lastAt + (i + 1) * MINUTE_MS),
    paymentFen: 0,
    payments: 0,
  }))
  return [...minutes.slice(missing), ...added]
}

/** The last hour with a batch's payments added to their minutes (moving on first if one is newer). */
export function addToMinutes(minutes: Minutes, event: TransactionsLive): Minutes | null {
  if (!complete(event)) return null
  const payments = event.items.filter((item) => item.type === 'payment')
  if (payments.length === 0) return minutes
  const newest = Math.max(...payments.map((item) => instantOf(item.time)))
  const shifted = shiftMinutes(minutes, newest)
  const byMinute = new Map(shifted.map((point, index) => [point.time.slice(0, 16), index]))
  const next = shifted.map((point) => ({ ...point }))
  for (const item of payments) {
    const index = byMinute.get(item.time.slice(0, 16))
    const point = index === undefined ? undefined : next[index]
    // Older than the hour shown: not on this chart.
    if (!point) continue
    point.paymentFen += item.amountFen
    point.payments += 1
  }
  return next
}

/** Today's passenger flow moved on to the 10 minutes `now` falls in (zero slots for those begun since). */
export function extendFlow(flow: PassengerFlow, now: Date | number, day: string): PassengerFlow {
  const last = flow.at(-1)
  if (!last || !last.time.startsWith(day)) return flow
  const dayStart = shanghaiDayStart(day).getTime()
  const target = Math.min(new Date(now).getTime(), dayStart + 24 * 60 * MINUTE_MS - 1)
  const lastAt = instantOf(last.time)
  const missing = Math.floor((target - lastAt) / SLOT_MS)
  if (missing <= 0) return flow
  const added = Array.from({ length: missing }, (_, i) => ({
    time: formatShanghaiTime(lastAt + (i + 1) * SLOT_MS),
    in: 0,
    out: 0,
  }))
  return [...flow, ...added]
}

/** Today's passenger flow with a counter's report added to its 10 minutes. */
export function addToFlow(flow: PassengerFlow, event: PassengersLive, day: string): PassengerFlow | null {
  if (!event.time.startsWith(day)) return null
  const dayStart = shanghaiDayStart(day).getTime()
  const slotAt = dayStart + Math.floor((instantOf(event.time) - dayStart) / SLOT_MS) * SLOT_MS
  const extended = extendFlow(flow, slotAt, day)
  const slotTime = formatShanghaiTime(slotAt)
  if (!extended.some((slot) => slot.time === slotTime)) return null
  return extended.map((slot) =>
    slot.time === slotTime ? { ...slot, in: slot.in + event.in, out: slot.out + event.out } : slot,
  )
}

/** The latest items with a batch's in front, newest first, each once, capped as the server caps them. */
function prependItems<T extends { deviceId: string; id: string; time: string }>(
  list: T[],
  items: T[],
  cap: number,
): T[] {
  const seen = new Set(list.map(itemKey))
  const fresh = items.filter((item) => !seen.has(itemKey(item)))
  if (fresh.length === 0) return list
  return [...fresh, ...list].sort((a, b) => b.time.localeCompare(a.time)).slice(0, cap)
}

/** The latest transactions with a batch's items in front (an item already listed is not repeated). */
export const prependTransactions = (list: LatestTransactions, event: TransactionsLive): LatestTransactions =>
  prependItems(list, event.items, LATEST_TRANSACTIONS)

/** The latest tests with a batch's results in front (a result already listed is not repeated). */
export const prependTests = (list: LatestTests, event: TestsLive): LatestTests =>
  prependItems(list, event.items, LATEST_TESTS)
