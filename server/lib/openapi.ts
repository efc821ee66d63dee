import { describeRoute, resolver } from 'hono-openapi'
import type { GenericSchema } from 'valibot'
import { ErrorEnvelopeSchema, envelopeSchema } from '../../contract/api'

/** An answer that is not our JSON wrapper (a file, a CSV, an event stream): what it is and its types. */
type RawAnswer = { description: string; types: readonly string[] }

/** An answer beside the usual ones, or in place of one: its description and `data` schema if any. */
type OtherAnswer = { description: string; schema?: GenericSchema }

type RouteDoc = {
  tags: string[]
  summary: string
  description?: string
  /**
   * Who may call: a console session (Authorization header, the default), a device with its HTTP Basic
   * code and secret (docs/device-api.md), or anyone.
   */
  auth?: 'session' | 'device' | 'none'
  /** Answers by status beside the usual ones (or replacing one of them), e.g. 429 for a throttle. */
  answers?: Record<number, OtherAnswer>
} & (
  | {
      /** Schema of `data` in a successful answer. */
      data: GenericSchema
      raw?: never
    }
  | { raw: RawAnswer; data?: never }
)

const jsonAnswer = (description: string, schema: GenericSchema) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
})
const errorAnswer = (description: string) => jsonAnswer(description, ErrorEnvelopeSchema)

const SECURITY = { session: [{ token: [] }], device: [{ device: [] }], none: null }
const UNAUTHORIZED = {
  session: 'code 1001: not signed in or session expired',
  device: 'code 40100: device code or secret refused (wrong, unknown, unbound or revoked: one answer)',
  none: null,
}

/**
 * OpenAPI description of a route, the one way every route documents its answer: the 200 (our wrapper
 * around `data`, or a raw answer's types), the error answers it can give, and who may call it.
 */
export function apiDoc({ tags, summary, description, auth = 'session', answers = {}, ...answer }: RouteDoc) {
  const security = SECURITY[auth]
  const unauthorized = UNAUTHORIZED[auth]
  const ok = answer.raw
    ? { description: answer.raw.description, content: Object.fromEntries(answer.raw.types.map((type) => [type, {}])) }
    : jsonAnswer('code 20000', envelopeSchema(answer.data))
  const others = Object.fromEntries(
    Object.entries(answers).map(([status, other]) => [
      status,
      jsonAnswer(other.description, other.schema ? envelopeSchema(other.schema) : ErrorEnvelopeSchema),
    ]),
  )
  return describeRoute({
    tags,
    summary,
    ...(description ? { description } : {}),
    ...(security ? { security } : {}),
    responses: {
      200: ok,
      400: errorAnswer('code 40000: invalid input; data lists { field, message }'),
      ...(unauthorized ? { 401: errorAnswer(unauthorized) } : {}),
      ...(auth === 'device'
        ? {}
        : { 403: errorAnswer('code 40300: forbidden (role, scope, or missing X-XSRF-TOKEN)') }),
      500: errorAnswer('code 50000: server error'),
      ...others,
    },
  })
}
