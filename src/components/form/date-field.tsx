import { DayInput } from '@/components/ui/day-input'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type DateFieldProps = FieldProps<string> & { min?: string; max?: string }

/**
 * A form's day, typed as YYYY-MM-DD or chosen on the calendar (DayInput). The schema checks the day
 * exists (2024-02-30 is refused, never shifted).
 */
export function DateField({ min, max, value, onChange, ...props }: DateFieldProps) {
  return (
    <FieldFrame {...props}>
      {(control) => <DayInput {...control} min={min} max={max} value={value} onChange={onChange} />}
    </FieldFrame>
  )
}
