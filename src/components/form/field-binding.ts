import { useId } from 'react'
import { firstFieldError } from '@/lib/validation-messages'

/**
 * What every field component takes: a value with its change and blur handlers, the error to show
 * (already in words) and the words around it. Plain props, so a form without TanStack Form (the
 * sign-in page, which must stay small) uses the same components; `bindField` fills them from a
 * TanStack Form field.
 */
export type FieldProps<T> = {
  name: string
  value: T
  onChange: (value: T) => void
  onBlur?: (() => void) | undefined
  /** Shown, announced and marked on the control (aria-invalid) when set. */
  error?: string | undefined
  label: string
  hint?: string | undefined
  required?: boolean
  disabled?: boolean
  /** On the field's wrapper, e.g. `md:col-span-2`. */
  className?: string
  /** The control's id; by default a unique one (label, error and hint refer to it). */
  id?: string
}

/** The part of TanStack Form's FieldApi the binding reads (its own type carries a dozen generics). */
type FormFieldLike<T> = {
  name: string
  state: { value: T; meta: { errors: readonly unknown[]; isTouched: boolean } }
  form: { state: { submissionAttempts: number } }
  handleChange: (value: T) => void
  handleBlur: () => void
}

type BoundField<T> = Pick<FieldProps<T>, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>

/** A TanStack Form field as field props; its error shows once the field was left or a submit was tried. */
export function bindField<T>(field: FormFieldLike<T>): BoundField<T> {
  const { meta } = field.state
  const shown = meta.isTouched || field.form.state.submissionAttempts > 0
  return {
    name: field.name,
    value: field.state.value,
    onChange: field.handleChange,
    onBlur: field.handleBlur,
    error: shown ? firstFieldError(meta.errors) : undefined,
  }
}

/** The control's id: the one given, or a unique one named after the field (readable in tests). */
export function useFieldId(id: string | undefined, name: string): string {
  const unique = useId()
  return id ?? `${unique}${name}`
}
