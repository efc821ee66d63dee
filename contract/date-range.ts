import * as v from 'valibot'
import { CalendarDateSchema } from './fields'
import { isCalendarDay, shanghaiDayStart } from './time'

/**
 * A list filtered by days (`?from=2026-11-01&to=2026-11-27`), both ends included, each an
 * Asia/Shanghai day (contract/time.ts; the server turns them into instants with `withinDays`,
 * server/lib/list-query.ts). Either end may be left open. Like the market switcher's entries
 * (contract/scope.ts), a list spreads these beside its `listQuery` entries: the API's strictly, the
 * route's leniently.
 */

const day = v.pipe(v.string('validation_date'), v.trim(), CalendarDateSchema)

/** The API's side: a day that is not a real one is 40000. Wrap the object in `dateRangeInOrder`. */
export const DateRangeQueryEntries = {
  from: v.optional(day),
  to: v.optional(day),
}

/** An end before the start is 40000 on `to` (rather than an empty list that looks like "nothing happened"). */
export const dateRangeInOrder = <T extends DateRange>() =>
  v.forward<T, v.CheckIssue<T>, ['to']>(
    v.check<T, 'validation_date_order'>(({ from, to }) => !from || !to || from <= to, 'validation_date_order'),
    // The field the console shows the message under (the path type cannot see `to` in a generic T).
    ['to'] as never,
  )
type DateRange = { from?: string | undefined; to?: string | undefined }

/** The longest range one query reads: a month, whichever month, so a page never scans a year of a province. */
export const MAX_RANGE_DAYS = 31

/** Days from `from` to `to`, both included (real days, in order). */
export const daysInRange = (from: string, to: string) =>
  Math.round((shanghaiDayStart(to).getTime() - shanghaiDayStart(from).getTime()) / 86_400_000) + 1

/** Whether a range in order spans at most MAX_RANGE_DAYS days (an open end always does). */
export const withinMaxRange = ({ from, to }: DateRange) =>
  !from || !to || from > to || daysInRange(from, to) <= MAX_RANGE_DAYS

/** A list's API schema check: more than MAX_RANGE_DAYS days is 40000 on `from`, said plainly. */
export const rangeWithinMaxDays = <T extends DateRange>() =>
  v.forward<T, v.CheckIssue<T>, ['from']>(
    v.check<T, 'validation_range_31_days'>(withinMaxRange, 'validation_range_31_days'),
    ['from'] as never,
  )

/**
 * What the API would refuse in a range, before asking it: an end before the start, or more than
 * MAX_RANGE_DAYS days. The console says it beside the days and sends no request.
 */
export function dateRangeProblem(range: DateRange): 'order' | 'too-long' | null {
  if (range.from && range.to && range.from > range.to) return 'order'
  return withinMaxRange(range) ? null : 'too-long'
}

const LenientDay = v.fallback(v.optional(v.pipe(v.string(), v.check(isCalendarDay))), undefined)

/** The route's side: a day that is not one is dropped, so an old or edited link still opens. */
export const DateRangeSearchSchema = v.object({ from: LenientDay, to: LenientDay })
