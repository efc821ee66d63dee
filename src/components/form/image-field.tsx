import { m } from '@/paraglide/messages'
import { ImageUpload, type ImageUploadLabels } from '@/components/image-upload'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { useFieldId, type FieldProps } from './field-binding'

/** The upload control's words in the current language. */
function imageUploadLabels(): ImageUploadLabels {
  return {
    add: m.upload_add(),
    remove: (index) => m.upload_remove({ index }),
    uploading: m.upload_uploading(),
    tooLarge: m.error_file_too_large(),
    wrongType: m.error_file_type(),
    limit: (max) => m.upload_limit({ max }),
  }
}

/** One uploaded image (a file id, or null): a licence, an ID card photo. */
export function ImageField(props: FieldProps<string | null>) {
  const id = useFieldId(props.id, props.name)
  const aria = fieldAria(id, props.error, props.hint)
  return (
    <FormField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required}
      className={props.className}
    >
      <ImageUpload
        id={id}
        value={props.value ? [props.value] : []}
        max={1}
        onChange={(ids) => {
          props.onChange(ids[0] ?? null)
          props.onBlur?.()
        }}
        labels={imageUploadLabels()}
        invalid={Boolean(props.error)}
        describedBy={aria['aria-describedby']}
      />
    </FormField>
  )
}

/** Several uploaded images, up to `max` (file ids in order). */
export function ImagesField({ max, ...props }: FieldProps<string[]> & { max: number }) {
  const id = useFieldId(props.id, props.name)
  const aria = fieldAria(id, props.error, props.hint)
  return (
    <FormField
      id={id}
      label={props.label}
      error={props.error}
      hint={props.hint}
      required={props.required}
      className={props.className}
    >
      <ImageUpload
        id={id}
        value={props.value}
        max={max}
        onChange={(ids) => {
          props.onChange(ids)
          props.onBlur?.()
        }}
        labels={imageUploadLabels()}
        invalid={Boolean(props.error)}
        describedBy={aria['aria-describedby']}
      />
    </FormField>
  )
}
