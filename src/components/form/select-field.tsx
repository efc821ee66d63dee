import { Select } from '@/components/ui/select'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type SelectOption<T extends string | number> = { value: T; label: string }

type SelectFieldProps<T extends string | number> = FieldProps<T> & { options: readonly SelectOption<T>[] }

/**
 * A labelled native select (keyboard, screen readers and phones handle it natively). The value keeps
 * its type: options are matched by their text, so numbers come back as numbers.
 */
export function SelectField<T extends string | number>({ options, value, onChange, ...props }: SelectFieldProps<T>) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <Select
          {...control}
          value={String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value)
            if (chosen) onChange(chosen.value)
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  )
}
