import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiCode } from '../../contract/api'
import { FileIdParamSchema, IMAGE_TYPES, MAX_UPLOAD_BYTES, UploadedFileSchema } from '../../contract/files'
import { API_ROLES } from '../../contract/access'
import { requireRole, requireSession } from '../middleware/auth'
import { ApiError } from '../lib/errors'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { THUMBNAIL_SIDE, THUMBNAIL_TYPE } from './encode'
import { readImage, readThumbnail, storeImage } from './service'

const tags = ['files']
const megabytes = MAX_UPLOAD_BYTES / 1024 / 1024

/** Image bytes, never sniffed by the browser nor run as a document; a file's bytes never change, so cache them for good. */
function image(c: Context<AppEnv>, bytes: Uint8Array, mime: string) {
  return c.body(Buffer.from(bytes), 200, {
    'Content-Type': mime,
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'",
  })
}

const imageDoc = (summary: string, description: string, types: readonly string[]) =>
  apiDoc({ tags, summary, raw: { description, types } })

/** Image uploads (multipart field `file`) and downloads, scoped by market. */
export const fileRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(...API_ROLES.files))
  .post(
    '/',
    apiDoc({
      tags,
      summary: `Upload a JPEG, PNG or WebP image (<= ${megabytes} MB), multipart field \`file\``,
      description:
        'The type is read from the content. The image is decoded and re-encoded in its format (upright, metadata stripped); size and mime are those of the stored image.',
      data: UploadedFileSchema,
    }),
    // Refuse oversize bodies before reading them (the multipart envelope adds a little to the file).
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_too_large')
      },
    }),
    async (c) => {
      let body: Record<string, string | File | (string | File)[]>
      try {
        body = await c.req.parseBody()
      } catch {
        throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_missing')
      }
      const file = body.file
      if (!(file instanceof File)) throw new ApiError(ApiCode.INVALID_INPUT, 'error_file_missing')
      return ok(c, await storeImage(c.var.deps, c.var.user, new Uint8Array(await file.arrayBuffer())))
    },
  )
  .get(
    '/:id',
    imageDoc('An uploaded image, to a user allowed to see it (otherwise 40400)', 'The image bytes', IMAGE_TYPES),
    validate('param', FileIdParamSchema),
    async (c) => {
      const file = await readImage(c.var.deps, c.var.user, c.req.valid('param').id)
      return image(c, file.content, file.mime)
    },
  )
  .get(
    '/:id/thumbnail',
    imageDoc(
      `A preview of an uploaded image (WebP, longest side <= ${THUMBNAIL_SIDE} px), to a user allowed to see the image (otherwise 40400)`,
      'The thumbnail bytes',
      [THUMBNAIL_TYPE],
    ),
    validate('param', FileIdParamSchema),
    async (c) => image(c, await readThumbnail(c.var.deps, c.var.user, c.req.valid('param').id), THUMBNAIL_TYPE),
  )
