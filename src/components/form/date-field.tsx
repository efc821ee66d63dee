import { DATE_RANGE } from '@contract/fields'
import { Input } from '@/components/ui/input'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type DateFieldProps = FieldProps<string> & { min?: string; max?: string }

/**
 * A day as YYYY-MM-DD with the browser's date picker. The picker's bounds default to the contract's
 * range; the schema still checks the day exists (2024-02-30 is refused, never shifted).
 */
export function DateField({ min = DATE_RANGE.min, max = DATE_RANGE.max, value, onChange, ...props }: DateFieldProps) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <Input
          {...control}
          type="date"
          min={min}
          max={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  )
}
