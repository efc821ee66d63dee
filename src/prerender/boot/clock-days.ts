import { fillAsParsed } from './as-parsed'

/**
 * Part of a list's boot script whose default days count from today (the pesticide tests'): the frame
 * was drawn at build time, so its day boxes (`data-clock-day="from"`, `"to"`: DateRangeFilter's
 * `fromTheClock`) say the build's days; the visitor's go in as the parser adds them, before the paint,
 * so the takeover draws the same. `days` come from the list's own rule, from the visitor's clock.
 */
export function fillClockDays(days: { from: string; to: string }): void {
  fillAsParsed(
    {
      '[data-clock-day="from"]': (box) => box.setAttribute('value', days.from),
      '[data-clock-day="to"]': (box) => box.setAttribute('value', days.to),
    },
    false,
  )
}
