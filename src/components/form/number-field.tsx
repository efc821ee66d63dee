import { useState } from 'react'
import { Input } from '@/components/ui/input'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type NumberFieldProps = FieldProps<number> & {
  /** Digits allowed after the decimal point; 0 (the default) takes whole numbers only. */
  decimals?: number
  placeholder?: string
}

/** Digits, optionally one point and up to `decimals` more: no signs, exponents, spaces or commas. */
const pattern = (decimals: number) => (decimals > 0 ? new RegExp(`^\\d{1,15}(\\.\\d{1,${decimals}})?$`) : /^\d{1,15}$/)

const format = (value: number) => (Number.isFinite(value) ? String(value) : '')

/** What a typed text means: a number, nothing (empty), or not a number (NaN). */
function parseTypedNumber(text: string, decimals = 0): number {
  const trimmed = text.trim()
  if (trimmed === '') return Number.NaN
  return pattern(decimals).test(trimmed) ? Number(trimmed) : Number.NaN
}

/**
 * A number typed as text. `<input type="number">` takes '1e3' as 1000 and '-', '+' or '.' as valid
 * keystrokes; here only digits make a number, and anything else keeps the text on screen with the
 * value NaN, so the schema's message says what is wrong instead of the input quietly changing it.
 * An empty field is NaN too: "required" is the schema's call.
 */
export function NumberField({ decimals = 0, placeholder, value, onChange, ...props }: NumberFieldProps) {
  // The text as typed (so '007' or '1e3' stay as the user wrote them), for the value it parsed to; a
  // value set from outside (a draft, a reset) replaces it.
  const [typed, setTyped] = useState(() => ({ text: format(value), value }))
  if (!Object.is(typed.value, value)) setTyped({ text: format(value), value })
  return (
    <FieldFrame {...props}>
      {(control) => (
        <Input
          {...control}
          type="text"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          placeholder={placeholder}
          value={typed.text}
          onChange={(event) => {
            const next = parseTypedNumber(event.target.value, decimals)
            setTyped({ text: event.target.value, value: next })
            onChange(next)
          }}
        />
      )}
    </FieldFrame>
  )
}
