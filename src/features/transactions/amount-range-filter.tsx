import { useId, useState, type FormEvent } from 'react'
import { MAX_AMOUNT_FEN } from '@contract/transactions-list'
import { m } from '@/paraglide/messages'
import { Input } from '@/components/ui/input'
import { useChosenInFrame } from '@/prerender/typed-before-hydration'

/** Fen from yuan as typed ("12", "12.5", "12.50"), or null when it is not an amount. */
export function fenFromYuan(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return fen <= MAX_AMOUNT_FEN ? fen : null
}

const yuanOf = (fen: number | undefined) => (fen === undefined ? '' : (fen / 100).toFixed(2))

type AmountRangeFilterProps = {
  min: number | undefined
  max: number | undefined
  onChange: (range: { amountMin: number | undefined; amountMax: number | undefined }) => void
}

/**
 * The list's amount range: yuan typed in two boxes, fen in the URL and the API. Applied on Enter or on
 * leaving a box; an empty box opens that end, text that is not an amount is said so and not sent.
 */
export function AmountRangeFilter({ min, max, onChange }: AmountRangeFilterProps) {
  const id = useId()
  const [text, setText] = useState({ min: yuanOf(min), max: yuanOf(max), seen: `${min}-${max}` })
  const [invalid, setInvalid] = useState(false)
  // The URL changed underneath (a link, the filters cleared): the boxes follow it.
  if (text.seen !== `${min}-${max}`) setText({ min: yuanOf(min), max: yuanOf(max), seen: `${min}-${max}` })

  const applyText = ({ min: minText, max: maxText }: { min: string; max: string }) => {
    const parse = (value: string) => (value.trim() === '' ? undefined : fenFromYuan(value))
    const [amountMin, amountMax] = [parse(minText), parse(maxText)]
    if (amountMin === null || amountMax === null) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    // A maximum below the minimum swaps them, as the date range does.
    const ordered = amountMin !== undefined && amountMax !== undefined && amountMin > amountMax
    const next = ordered ? { amountMin: amountMax, amountMax: amountMin } : { amountMin, amountMax }
    if (next.amountMin !== min || next.amountMax !== max) onChange(next)
  }
  const apply = (event?: FormEvent) => {
    event?.preventDefault()
    applyText(text)
  }
  // Amounts typed into the list's frame before its code arrived: in the boxes, and applied as leaving a
  // box would, unless a box still has the focus (then on Enter or leaving it, as always).
  useChosenInFrame(['amountMin', 'amountMax'], (chosen, focused) => {
    const typed = { min: chosen.amountMin ?? text.min, max: chosen.amountMax ?? text.max }
    setText({ ...text, ...typed })
    if (!focused) applyText(typed)
  })

  return (
    <form
      onSubmit={apply}
      noValidate
      className="flex w-full flex-wrap items-center gap-1 sm:w-auto"
      aria-label={m.transactions_amount()}
    >
      <label htmlFor={`${id}-min`} className="sr-only">
        {m.transactions_amount_min()}
      </label>
      <Input
        id={`${id}-min`}
        name="amountMin"
        inputMode="decimal"
        autoComplete="off"
        placeholder={m.transactions_amount_min_short()}
        value={text.min}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => setText({ ...text, min: event.target.value })}
        onBlur={() => apply()}
        className="flex-1 sm:w-32 sm:flex-none"
      />
      <span aria-hidden>–</span>
      <label htmlFor={`${id}-max`} className="sr-only">
        {m.transactions_amount_max()}
      </label>
      <Input
        id={`${id}-max`}
        name="amountMax"
        inputMode="decimal"
        autoComplete="off"
        placeholder={m.transactions_amount_max_short()}
        value={text.max}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => setText({ ...text, max: event.target.value })}
        onBlur={() => apply()}
        className="flex-1 sm:w-32 sm:flex-none"
      />
      {invalid && (
        <span id={`${id}-error`} role="alert" className="basis-full text-xs text-danger sm:basis-auto">
          {m.transactions_amount_invalid()}
        </span>
      )}
      <button type="submit" hidden />
    </form>
  )
}
