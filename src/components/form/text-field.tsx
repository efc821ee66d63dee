import type { ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type TextFieldProps = FieldProps<string> & {
  type?: 'text' | 'tel' | 'email' | 'password'
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'tel' | 'email'
  autoFocus?: boolean
  maxLength?: number
  placeholder?: string
  onFocus?: () => void
  /** Beside the input, e.g. "Checking…" while an async check runs. */
  trailing?: ReactNode
}

/** A labelled single-line text input. Passwords are never kept in drafts (src/lib/form-memory.ts). */
export function TextField({
  type = 'text',
  autoComplete = 'off',
  trailing,
  inputMode,
  autoFocus,
  maxLength,
  placeholder,
  onFocus,
  value,
  onChange,
  ...props
}: TextFieldProps) {
  return (
    <FieldFrame {...props}>
      {(control) => {
        const input = (
          <Input
            {...control}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            maxLength={maxLength}
            placeholder={placeholder}
            value={value}
            onFocus={onFocus}
            onChange={(event) => onChange(event.target.value)}
          />
        )
        return trailing ? (
          <div className="flex items-center gap-2">
            {input}
            {trailing}
          </div>
        ) : (
          input
        )
      }}
    </FieldFrame>
  )
}
