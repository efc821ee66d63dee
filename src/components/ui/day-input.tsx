import { useRef, type ComponentProps } from 'react'
import { CalendarDays } from 'lucide-react'
import { DATE_RANGE } from '@contract/fields'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Input } from './input'

type DayInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The day as typed, YYYY-MM-DD when complete. */
  value: string
  /** The text as typed (trimmed), or the calendar's choice. */
  onChange: (text: string) => void
  /** The calendar's first and last day offered. */
  min?: string
  max?: string
  /** Classes of the wrapper (its width). */
  className?: string
}

/**
 * A day typed as YYYY-MM-DD, whatever the browser's own language: `<input type="date">` shows the
 * browser's format (11/23/2026 in an English browser) inside the Chinese console. The calendar button
 * opens the browser's date picker on a hidden date input, whose choice is written back as YYYY-MM-DD.
 * Used by the forms' DateField and the lists' DateRangeFilter; checking the day is theirs.
 */
export function DayInput({
  value,
  onChange,
  min = DATE_RANGE.min,
  max = DATE_RANGE.max,
  className,
  disabled,
  ...input
}: DayInputProps) {
  const picker = useRef<HTMLInputElement>(null)
  return (
    <div className={cn('relative', className)}>
      <Input
        {...input}
        disabled={disabled}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={m.date_placeholder()}
        maxLength={10}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        className="pr-10"
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        min={min}
        max={max}
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className="pointer-events-none absolute right-0 bottom-0 size-0 opacity-0"
      />
      <button
        type="button"
        disabled={disabled}
        aria-label={m.date_open_calendar()}
        title={m.date_open_calendar()}
        onClick={() => {
          try {
            picker.current?.showPicker()
          } catch {
            // A browser without showPicker: the day can still be typed.
          }
        }}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
      >
        <CalendarDays aria-hidden className="size-4" />
      </button>
    </div>
  )
}
