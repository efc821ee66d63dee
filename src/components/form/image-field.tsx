import { m } from '@/paraglide/messages'
import { ImageUpload, type ImageUploadLabels } from '@/components/image-upload'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

/** The upload control's words in the current language. */
function imageUploadLabels(): ImageUploadLabels {
  return {
    add: m.upload_add(),
    remove: (index) => m.upload_remove({ index }),
    uploading: m.upload_uploading(),
    tooLarge: m.error_file_too_large(),
    wrongType: m.error_file_type(),
    limit: (max) => m.upload_limit({ max }),
    tooMany: (counts) => m.upload_too_many(counts),
  }
}

/** One uploaded image (a file id, or null): a licence, an ID card photo. */
export function ImageField({ value, onChange, ...props }: FieldProps<string | null>) {
  return <ImagesField {...props} max={1} value={value ? [value] : []} onChange={(ids) => onChange(ids[0] ?? null)} />
}

/** Several uploaded images, up to `max` (file ids in order). */
export function ImagesField({ max, value, onChange, ...props }: FieldProps<string[]> & { max: number }) {
  return (
    <FieldFrame {...props}>
      {(control) => (
        <ImageUpload
          id={control.id}
          value={value}
          max={max}
          onChange={(ids) => {
            onChange(ids)
            props.onBlur?.()
          }}
          labels={imageUploadLabels()}
          invalid={Boolean(props.error)}
          describedBy={control['aria-describedby']}
        />
      )}
    </FieldFrame>
  )
}
