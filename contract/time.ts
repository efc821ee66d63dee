/**
 * Asia/Shanghai time, the one place it is computed. Times are stored in UTC and shown in Shanghai,
 * which is UTC+8 all year (no daylight saving since 1991), so a fixed offset is exact and pure.
 * Days are 'YYYY-MM-DD' strings; minutes are instants on a whole minute.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000

const pad = (n: number) => String(n).padStart(2, '0')

/** The Shanghai wall clock of an instant, read through UTC getters. */
const wallClock = (value: Date | string | number) => new Date(new Date(value).getTime() + OFFSET_MS)

/** YYYY-MM-DD HH:mm:ss in Asia/Shanghai (SPEC §9). */
export function formatShanghaiTime(value: Date | string | number): string {
  const date = wallClock(value)
  return `${shanghaiDayOf(value)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}

/** The Shanghai day an instant falls on. */
export function shanghaiDayOf(value: Date | string | number): string {
  const date = wallClock(value)
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** Today in Shanghai. */
export const shanghaiToday = (now: Date = new Date()) => shanghaiDayOf(now)

/** The instant a Shanghai day starts (its midnight, 16:00 UTC the day before). */
export function shanghaiDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const start = new Date(Date.UTC(2000, month - 1, date))
  // Date.UTC maps years 0-99 to 1900-1999: set the year on its own.
  start.setUTCFullYear(year)
  return new Date(start.getTime() - OFFSET_MS)
}

/** The day `days` after (or before, when negative) a Shanghai day. */
export function addDays(day: string, days: number): string {
  return shanghaiDayOf(shanghaiDayStart(day).getTime() + days * DAY_MS)
}

/** The start of the minute an instant falls in (Shanghai minutes are UTC minutes). */
export const minuteStart = (value: Date | number) =>
  new Date(Math.floor(new Date(value).getTime() / MINUTE_MS) * MINUTE_MS)

/** Whether 'YYYY-MM-DD' names a real calendar day (2024-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // Year 0 is not a year of the calendar people write dates in (1 BC came before AD 1).
  if (year < 1) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC maps years 0-99 to 1900-1999: set the year explicitly before comparing.
  date.setUTCFullYear(year)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
