import { useId, useState } from 'react'
import { daysInRange } from '@contract/date-range'
import { DATE_RANGE } from '@contract/fields'
import { isCalendarDay } from '@contract/time'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { DayInput } from '@/components/ui/day-input'
import { useChosenInFrame } from '@/prerender/typed-before-hydration'

/** A list's range of Asia/Shanghai days, both ends included; an end left out is open. */
export type DayRange = { from: string | undefined; to: string | undefined }

/** A day the API takes: a real calendar day within the range every date field allows. */
const isDay = (text: string) => isCalendarDay(text) && text >= DATE_RANGE.min && text <= DATE_RANGE.max

type DateRangeFilterProps = DayRange & {
  /** What the days are of ("Time", "Paid"): names the pair for screen readers. */
  label: string
  /** A new range: a day once it is complete and real, undefined once its box is emptied. */
  onChange: (range: DayRange) => void
  /** The longest range the list takes (contract/date-range.ts): a longer one is said here, never sent. */
  maxDays?: number
  /**
   * The days are the list's default, counted from today: the boxes carry `data-clock-day`, which a
   * prerendered frame's boot script fills with the visitor's days before it paints (the build's would
   * show: src/prerender/boot/clock-days.ts).
   */
  fromTheClock?: boolean
  className?: string
}

/** One end's box: the text as typed, the URL's day it last saw, and whether it was left unfinished. */
type End = { text: string; synced: string; left: boolean }
const endOf = (day: string | undefined): End => ({ text: day ?? '', synced: day ?? '', left: false })

/**
 * Filters a list by a range of days (Asia/Shanghai, as contract/time.ts counts them), typed as
 * YYYY-MM-DD or chosen on the calendar. A day reaches the URL only once it is a real day, so typing
 * never sends half a date; emptying a box opens that end. A start after the end swaps them, rather
 * than asking for a list that cannot have a row; a range longer than `maxDays` stays in the boxes and
 * is said beside them, once (the list keeps the days it shows, and asks the API nothing it would
 * refuse). Each box follows the URL when it changes underneath; a URL with a range the list refuses
 * (a link, an edit) is said the same way, and the page asks nothing for it.
 */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
  maxDays,
  fromTheClock = false,
  className,
}: DateRangeFilterProps) {
  const id = useId()
  const [start, setStart] = useState(() => endOf(from))
  const [end, setEnd] = useState(() => endOf(to))
  // The URL moved (back, a link, the other box's swap): each box shows what it says now.
  if ((from ?? '') !== start.synced) setStart(endOf(from))
  if ((to ?? '') !== end.synced) setEnd(endOf(to))

  const tooLong = ({ from: start, to: end }: DayRange) =>
    maxDays !== undefined && !!start && !!end && daysInRange(start, end) > maxDays
  const apply = (next: DayRange) => {
    const ordered = next.from && next.to && next.from > next.to ? { from: next.to, to: next.from } : next
    if (tooLong(ordered)) return
    if (ordered.from !== from || ordered.to !== to) onChange(ordered)
  }
  const type = (which: 'from' | 'to', text: string) => {
    const set = which === 'from' ? setStart : setEnd
    set((current) => ({ ...current, text, left: false }))
    if (text === '') apply({ from, to, [which]: undefined })
    else if (isDay(text)) apply({ from, to, [which]: text })
  }
  // Days typed into the list's frame before its code arrived: in the boxes, and applied when complete.
  useChosenInFrame(['from', 'to'], (chosen) => {
    const next = { from, to }
    for (const which of ['from', 'to'] as const) {
      const text = chosen[which]
      if (text === undefined) continue
      ;(which === 'from' ? setStart : setEnd)((current) => ({ ...current, text: text.trim() }))
      if (isDay(text.trim())) next[which] = text.trim()
    }
    apply(next)
  })
  // Unfinished text is flagged once the user leaves the box, or once it is as long as a day.
  const isInvalid = (state: End) => state.text !== '' && !isDay(state.text) && (state.left || state.text.length >= 10)
  const invalid = isInvalid(start) || isInvalid(end)
  // The range as the boxes hold it (in order), or the URL's when it is out of order.
  const typed = [start.text, end.text].filter(isDay).sort()
  const rangeWrong: string | null =
    typed.length === 2 && tooLong({ from: typed[0], to: typed[1] })
      ? m.table_date_too_long({ days: maxDays ?? 0 })
      : from && to && from > to
        ? m.validation_date_order()
        : null
  const message = invalid ? m.table_date_invalid() : rangeWrong
  const box = (which: 'from' | 'to', state: End, set: typeof setStart, name: string) => {
    const wrong = isInvalid(state) || (!invalid && rangeWrong !== null)
    return (
      <span className="contents sm:flex sm:items-center sm:gap-1.5">
        <label htmlFor={`${id}-${which}`} className="shrink-0 text-sm text-muted-foreground">
          {name}
        </label>
        <DayInput
          id={`${id}-${which}`}
          name={which}
          value={state.text}
          onChange={(text) => type(which, text)}
          onBlur={() => set((current) => ({ ...current, left: true }))}
          min={which === 'to' ? from : undefined}
          max={which === 'from' ? to : undefined}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `${id}-invalid` : undefined}
          data-clock-day={fromTheClock ? which : undefined}
          className="w-full sm:w-40"
        />
      </span>
    )
  }
  return (
    // On a phone the two ends are rows of one grid, so "From" and "To" (words of different widths)
    // put their boxes at the same edge, full width; from `sm` up they sit side by side.
    <div
      role="group"
      aria-label={label}
      className={cn(
        'grid w-full grid-cols-[auto_minmax(0,1fr)] items-center gap-x-1.5 gap-y-2',
        'sm:flex sm:w-auto sm:flex-wrap sm:gap-2',
        className,
      )}
    >
      {box('from', start, setStart, m.table_date_from())}
      {box('to', end, setEnd, m.table_date_to())}
      {message && (
        <span id={`${id}-invalid`} role="alert" className="col-span-2 text-sm text-danger">
          {message}
        </span>
      )}
    </div>
  )
}
