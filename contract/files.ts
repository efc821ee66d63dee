import * as v from 'valibot'
import { idParam } from './fields'

/** Uploads (DESIGN §6): the one definition the server, the upload component and the tests share. */

/** Largest upload accepted, before re-encoding. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

/** Image types accepted and stored. The server reads the type from the content, never from the name. */
export const ImageType = {
  JPEG: 'image/jpeg',
  PNG: 'image/png',
  WEBP: 'image/webp',
} as const
export type ImageType = (typeof ImageType)[keyof typeof ImageType]
export const IMAGE_TYPES: readonly ImageType[] = Object.values(ImageType)
export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type)

/** The `accept` attribute of image inputs. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')

/** The answer to an upload: size and type are those of the stored (re-encoded) image. */
export const UploadedFileSchema = v.object({
  id: v.string(),
  mime: v.picklist(Object.values(ImageType)),
  size: v.number(),
})
export type UploadedFile = v.InferOutput<typeof UploadedFileSchema>

/** A missing, malformed or out-of-scope file id all answer this, so ids reveal nothing. */
export const FILE_NOT_FOUND = 'error_file_not_found'

export const FileIdParamSchema = idParam(FILE_NOT_FOUND)
