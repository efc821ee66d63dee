import * as v from 'valibot'
import { CalendarDateSchema } from './fields'
import { addDays, isCalendarDay, shanghaiDayStart } from './time'

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

const LenientDay = v.fallback(v.optional(v.pipe(v.string(), v.check(isCalendarDay))), undefined)

/** The route's side: a day that is not one is dropped, so an old or edited link still opens. */
export const DateRangeSearchSchema = v.object({ from: LenientDay, to: LenientDay })

/** The longest range one query of a dated list reads: a month, so a page never scans a year of a province. */
export const MAX_RANGE_DAYS = 31

/** The days a range spans, both included (`from` and `to` real days, in order). */
export const daysSpanned = (from: string, to: string) =>
  Math.round((shanghaiDayStart(addDays(to, 1)).getTime() - shanghaiDayStart(from).getTime()) / 86_400_000)

/** More than 31 days is 40000 on `from`, said plainly (a range in order; `dateRangeInOrder` says the rest). */
export const withinMaxRange = <T extends DateRange>() =>
  v.forward<T, v.CheckIssue<T>, ['from']>(
    v.check<T, 'validation_range_31_days'>(
      ({ from, to }) => !from || !to || from > to || daysSpanned(from, to) <= MAX_RANGE_DAYS,
      'validation_range_31_days',
    ),
    ['from'] as never,
  )
