import { Textarea } from '@/components/ui/textarea'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

type TextareaFieldProps = FieldProps<string> & { maxLength?: number; rows?: number; placeholder?: string }

/** A labelled multi-line text input; `maxLength` matches the schema's, so typing stops where saving would fail. */
export function TextareaField({ maxLength, rows, placeholder, value, onChange, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <Textarea
          {...control}
          maxLength={maxLength}
          rows={rows}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  )
}
