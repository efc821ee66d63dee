import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Label } from './label'

/** Props that tie an input to its label, error and hint for assistive technology. */
export function fieldAria(id: string, error?: string | null, hint?: string | null) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }
}

type FormFieldProps = {
  id: string
  label: string
  error?: string | null | undefined
  hint?: string | null | undefined
  required?: boolean
  className?: string
  children: ReactNode
}

/** A label, the control, then its error (announced) or its hint. */
export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  return (
    <div data-slot="form-field" className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {required && (
          <span aria-hidden className="mr-0.5 text-danger">
            *
          </span>
        )}
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
