import { FormField, fieldAria } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { useFieldId, type FieldProps } from './field-binding'

type SelectOption<T extends string | number> = { value: T; label: string }

type SelectFieldProps<T extends string | number> = FieldProps<T> & { options: readonly SelectOption<T>[] }

/**
 * A labelled native select (keyboard, screen readers and phones handle it natively). The value keeps
 * its type: options are matched by their text, so numbers come back as numbers.
 */
export function SelectField<T extends string | number>({ options, ...props }: SelectFieldProps<T>) {
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
      <Select
        {...fieldAria(id, props.error, props.hint)}
        name={props.name}
        disabled={props.disabled}
        required={props.required}
        value={String(props.value)}
        onBlur={props.onBlur}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value)
          if (chosen) props.onChange(chosen.value)
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  )
}
