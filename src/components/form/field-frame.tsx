import type { ReactNode } from 'react'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { useFieldId, type FieldProps } from './field-binding'

/** What a control needs to be tied to its label, error and hint, and to the form. */
export type ControlProps = ReturnType<typeof fieldAria> & {
  name: string
  disabled: boolean | undefined
  required: boolean | undefined
  onBlur: (() => void) | undefined
}

/**
 * The frame every field shares: label, then the control, then its error (announced) or its hint,
 * with the ids that tie them together. A field component supplies only its control.
 */
export function FieldFrame({
  children,
  ...props
}: Omit<FieldProps<unknown>, 'value' | 'onChange'> & { children: (control: ControlProps) => ReactNode }) {
  const id = useFieldId(props.id, props.name)
  const control: ControlProps = {
    ...fieldAria(id, props.error, props.hint),
    name: props.name,
    disabled: props.disabled,
    required: props.required,
    onBlur: props.onBlur,
  }
  return (
    <FormField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required}
      className={props.className}
    >
      {children(control)}
    </FormField>
  )
}
