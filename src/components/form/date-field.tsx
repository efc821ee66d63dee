import { DATE_RANGE } from '@contract/fields'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useFieldId, type FieldProps } from './field-binding'

type DateFieldProps = FieldProps<string> & { min?: string; max?: string }

/**
 * A day as YYYY-MM-DD with the browser's date picker. The picker's bounds default to the contract's
 * range; the schema still checks the day exists (2024-02-30 is refused, never shifted).
 */
export function DateField({ min = DATE_RANGE.min, max = DATE_RANGE.max, ...props }: DateFieldProps) {
  const id = useFieldId(props.id, props.name)
  return (
    <FormField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required}
      className={props.className}
    >
      <Input
        {...fieldAria(id, props.error, props.hint)}
        name={props.name}
        type="date"
        min={min}
        max={max}
        disabled={props.disabled}
        required={props.required}
        value={props.value}
        onBlur={props.onBlur}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormField>
  )
}
