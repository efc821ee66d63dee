import type { ReactNode } from 'react'
import type { AnyFieldApi } from '@tanstack/react-form'
import { firstFieldError } from '@/lib/validation-messages'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

/** A field's error once the user has left it or tried to submit; TanStack Form tracks both. */
export function visibleError(field: AnyFieldApi): string | undefined {
  const meta = field.state.meta
  const shown = meta.isTouched || field.form.state.submissionAttempts > 0
  return shown ? firstFieldError(meta.errors) : undefined
}

type TextControlProps = {
  field: AnyFieldApi
  label: string
  required?: boolean
  hint?: string
  type?: 'text' | 'tel' | 'password' | 'date' | 'number'
  autoComplete?: string
  disabled?: boolean
  trailing?: ReactNode
  inputMode?: 'numeric' | 'tel' | 'text'
}

/** A labelled input bound to a form field, with its error or hint announced. */
export function TextControl({ field, label, required, hint, type = 'text', autoComplete, disabled, trailing, inputMode }: TextControlProps) {
  const id = `market-${field.name}`
  const error = visibleError(field)
  const value = field.state.value as string | number | null | undefined
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required}>
      <div className="flex items-center gap-2">
        <Input
          {...fieldAria(id, error, hint)}
          name={field.name}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          disabled={disabled}
          value={value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? '' : value}
          onBlur={field.handleBlur}
          onChange={(event) => field.handleChange(type === 'number' ? (event.target.value === '' ? Number.NaN : Number(event.target.value)) : event.target.value)}
        />
        {trailing}
      </div>
    </FormField>
  )
}
