import { addDays, shanghaiDayOf, shanghaiDayStart } from '../../contract/time'

type Days = { from: string; to: string }

/** The days a first read by time covers when the rollups say nothing; each further read covers twice as many. */
export const FIRST_WINDOW_DAYS = 1
const DAY_MS = 86_400_000

/** Days from `from` to `to`, both included. */
const daysIn = ({ from, to }: Days) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1

/**
 * The first window's days when the rollups gave the filters' total: wide enough to hold the page at
 * the range's average rows a day (with half again to spare), so a sparse filter (refunds only, one
 * merchant) is read in one or two windows instead of doubling from a single day four or five times.
 * A window that starts at today counts today for the part of it gone by: just after midnight it holds
 * nothing yet, and a first page read from an empty today doubled into two more reads.
 * Nothing in the rollups: the whole range at once (one read settles it).
 */
export function firstWindowDays(
  total: number,
  range: Days,
  limit: number,
  { edge, now }: { edge: string; now: Date },
): number {
  const days = daysIn(range)
  if (total <= 0) return days
  const perDay = total / days
  const wanted = 1.5 * limit
  const fromEdge =
    edge === shanghaiDayOf(now) ? (perDay * (now.getTime() - shanghaiDayStart(edge).getTime())) / DAY_MS : perDay
  const width = fromEdge >= wanted ? 1 : 1 + Math.ceil((wanted - fromEdge) / perDay)
  return Math.min(days, Math.max(FIRST_WINDOW_DAYS, width))
}

/**
 * A page sorted by time, read a window of days at a time from the end it starts at (the newest day
 * reading down, the oldest reading up; the cursor's day when paging on): `firstWidth(edge)` days, then
 * twice as many each time, until the page is full or the range is done. Each read plans only its
 * window's day parts: planning a month's 31 parts (5 indexes each) cost ~3 ms warm and 17–50 ms on a
 * busy machine, more than the read itself (0.3 ms), while a page of one market's month is nearly always
 * found in its newest day or two. An event-id search (a few rows, anywhere in the range) reads the
 * range at once.
 */
export async function readByDays<Row>(
  read: (days: Days, limit: number) => Promise<Row[]>,
  range: Days,
  direction: 'asc' | 'desc',
  startDay: string | null,
  limit: number,
  firstWidth: (edge: string) => number = () => FIRST_WINDOW_DAYS,
): Promise<Row[]> {
  const rows: Row[] = []
  const clamp = (day: string) => (day < range.from ? range.from : day > range.to ? range.to : day)
  let edge = clamp(startDay ?? (direction === 'desc' ? range.to : range.from))
  for (let width = firstWidth(edge); rows.length < limit; width *= 2) {
    const days =
      direction === 'desc'
        ? { from: clamp(addDays(edge, 1 - width)), to: edge }
        : { from: edge, to: clamp(addDays(edge, width - 1)) }
    rows.push(...(await read(days, limit - rows.length)))
    if (direction === 'desc' ? days.from === range.from : days.to === range.to) break
    edge = direction === 'desc' ? addDays(days.from, -1) : addDays(days.to, 1)
  }
  return rows
}
