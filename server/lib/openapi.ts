import { describeRoute, resolver } from 'hono-openapi'
import type { GenericSchema } from 'valibot'
import { ErrorEnvelopeSchema, envelopeSchema } from '../../contract/api'

type RouteDoc = {
  tags: string[]
  summary: string
  description?: string
  /** Schema of `data` in a successful answer. */
  data: GenericSchema
  /** Needs a console session (Authorization header). */
  auth?: boolean
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(ErrorEnvelopeSchema) } },
})

/** OpenAPI description of a route, with our wrapper around `data` and the error answers it can give. */
export function apiDoc({ tags, summary, description, data, auth = true }: RouteDoc) {
  return describeRoute({
    tags,
    summary,
    ...(description ? { description } : {}),
    ...(auth ? { security: [{ token: [] }] } : {}),
    responses: {
      200: { description: 'code 20000', content: { 'application/json': { schema: resolver(envelopeSchema(data)) } } },
      400: errorAnswer('code 40000: invalid input; data lists { field, message }'),
      ...(auth ? { 401: errorAnswer('code 1001: not signed in or session expired') } : {}),
      403: errorAnswer('code 40300: forbidden (role, scope, or missing X-XSRF-TOKEN)'),
      500: errorAnswer('code 50000: server error'),
    },
  })
}
