import type { ReactNode } from 'react'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useFieldId, type FieldProps } from './field-binding'

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
export function TextField({ type = 'text', autoComplete = 'off', trailing, ...props }: TextFieldProps) {
  const id = useFieldId(props.id, props.name)
  const input = (
    <Input
      {...fieldAria(id, props.error, props.hint)}
      name={props.name}
      type={type}
      inputMode={props.inputMode}
      autoComplete={autoComplete}
      autoFocus={props.autoFocus}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      disabled={props.disabled}
      required={props.required}
      value={props.value}
      onFocus={props.onFocus}
      onBlur={props.onBlur}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
  return (
    <FormField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required}
      className={props.className}
    >
      {trailing ? (
        <div className="flex items-center gap-2">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
    </FormField>
  )
}
