import { FormField, fieldAria } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { useFieldId, type FieldProps } from './field-binding'

type TextareaFieldProps = FieldProps<string> & { maxLength?: number; rows?: number; placeholder?: string }

/** A labelled multi-line text input; `maxLength` matches the schema's, so typing stops where saving would fail. */
export function TextareaField({ maxLength, rows, placeholder, ...props }: TextareaFieldProps) {
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
      <Textarea
        {...fieldAria(id, props.error, props.hint)}
        name={props.name}
        maxLength={maxLength}
        rows={rows}
        placeholder={placeholder}
        disabled={props.disabled}
        required={props.required}
        value={props.value}
        onBlur={props.onBlur}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormField>
  )
}
