import type { Locale } from './locale'

/**
 * Numbers as the console shows them, in the reader's language: money (integer fen, shown in yuan),
 * counts, shares and changes. One place, so every figure groups digits and rounds the same way.
 */

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

const YUAN: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'CNY',
  // "¥" in both languages (en-US would otherwise write "CN¥").
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
}

/**
 * Yuan from integer fen: the currency sign, grouped digits, two decimals (123456789 → ¥1,234,567.89).
 * fen / 100 is within 1e-15 of the exact value for any amount a market takes, so rounding to two
 * decimals gives back exactly the fen.
 */
export const formatYuan = (fen: number, locale: Locale): string => numberFormat(locale, YUAN).format(fen / 100)

/** Yuan from fen, short, for chart axes: 12万 / 120K. */
export const formatYuanCompact = (fen: number, locale: Locale): string =>
  numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(fen / 100)

/** A whole count with grouped digits (12,345). */
export const formatCount = (value: number, locale: Locale): string =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(value)

/** A share of a whole (0.256 → 25.6%). */
export const formatShare = (fraction: number, locale: Locale): string =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(fraction)

export type Change =
  /** Against nothing (the earlier figure was 0): no percentage means anything. */
  { direction: 'none'; text: string } | { direction: 'up' | 'down' | 'flat'; text: string; fraction: number }

/**
 * The change from `previous` to `current` as an unsigned percentage and its direction (the arrow
 * says which way): 120 against 100 is up 20%. Against 0 there is no percentage: "—".
 */
export function formatChange(current: number, previous: number, locale: Locale): Change {
  if (previous === 0) return { direction: 'none', text: '—' }
  const fraction = (current - previous) / Math.abs(previous)
  const text = formatShare(Math.abs(fraction), locale)
  // What rounds to 0% is no change to the reader either.
  const direction = text === formatShare(0, locale) ? 'flat' : fraction > 0 ? 'up' : 'down'
  return { direction, text, fraction }
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>()

/**
 * A calendar day ('YYYY-MM-DD', already a Shanghai day) as the language writes it short: 11月23日 /
 * Nov 23. The day is read as a date on the calendar, not an instant, so no time zone enters.
 */
export function formatDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  let format = dayFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
    dayFormats.set(locale, format)
  }
  return format.format(new Date(Date.UTC(year, month - 1, date)))
}

/** The clock of a 'YYYY-MM-DD HH:mm:ss' time (already Shanghai's): 'HH:mm', as both languages write it. */
export const formatClock = (time: string): string => time.slice(11, 16)
