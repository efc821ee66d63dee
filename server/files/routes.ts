import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'
import { ApiCode } from '../../contract/api'
import { Role } from '../../contract/roles'
import { requireRole, requireSession } from '../middleware/auth'
import { ApiError } from '../lib/errors'
import { apiDoc } from '../lib/openapi'
import { ok } from '../lib/respond'
import type { AppEnv } from '../lib/types'
import { validate } from '../lib/validate'
import { MAX_FILE_BYTES, readImage, storeImage } from './service'

const tags = ['files']
const UploadedSchema = v.object({ id: v.string(), mime: v.string(), size: v.number() })
const FileIdSchema = v.object({ id: v.pipe(v.string(), v.uuid('error_file_not_found')) })

/** Image uploads (multipart field `file`) and downloads, scoped by market. */
export const fileRoutes = new Hono<AppEnv>()
  .use(requireSession(), requireRole(Role.OFFICIAL, Role.MARKET))
  .post(
    '/',
    apiDoc({ tags, summary: 'Upload a JPEG, PNG or WebP image (<= 5 MB), multipart field `file`', description: 'The type is read from the content.', data: UploadedSchema }),
    // Refuse oversize bodies before reading them (the multipart envelope adds a little to the file).
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 64 * 1024,
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
      return ok(c, await storeImage(c.var.deps.db, c.var.user, new Uint8Array(await file.arrayBuffer())))
    },
  )
  .get(
    '/:id',
    describeRoute({
      tags,
      summary: 'An uploaded image, to a user allowed to see it (otherwise 40400)',
      security: [{ token: [] }],
      responses: { 200: { description: 'The image bytes', content: { 'image/jpeg': {}, 'image/png': {}, 'image/webp': {} } } },
    }),
    validate('param', FileIdSchema),
    async (c) => {
    const file = await readImage(c.var.deps.db, c.var.user, c.req.valid('param').id)
    return c.body(Buffer.from(file.content), 200, {
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
    })
    },
  )
