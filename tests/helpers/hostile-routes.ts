import fc from 'fast-check'

/** The part of JSON Schema the OpenAPI document uses (generated from the valibot contract). */
export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  minimum?: number
  minItems?: number
  default?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
}

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, { content?: Record<string, unknown> }>
  security?: unknown[]
}
export type OpenApiDocument = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> }

export type Route = {
  method: string
  /** As the server serves it: '/api/markets/{id}'. */
  path: string
  pathParams: string[]
  query: { name: string; required: boolean; schema: JsonSchema }[]
  /** The JSON request body's schema, when the route documents one. */
  body: JsonSchema | null
  /** Content types of a 200 that is not our JSON wrapper (a file, a page); null: the wrapper. */
  rawOkTypes: string[] | null
  /** Needs a session (the document names a security scheme). */
  auth: boolean
}

/** Every operation in the document, as the walk calls it. */
export function routesOf(doc: OpenApiDocument): Route[] {
  const base = doc.servers?.[0]?.url ?? ''
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const parameters = op.parameters ?? []
      const okTypes = Object.keys(op.responses?.['200']?.content ?? {})
      return {
        method: method.toUpperCase(),
        path: `${base}${path}`,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        rawOkTypes: okTypes.length === 0 || okTypes.includes('application/json') ? null : okTypes,
        auth: (op.security ?? []).length > 0,
      }
    }),
  )
}

/** '/api/markets/{id}' as Hono lists it: '/api/markets/:id'. */
export const honoPath = (route: Pick<Route, 'path'>) => route.path.replace(/\{(\w+)\}/g, ':$1')

const types = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [])

/**
 * A value the schema accepts as far as the document can say (a pattern is matched, a check the
 * document cannot express, like a credit code's check character, may still fail). Deterministic.
 */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  if (schema.anyOf && schema.anyOf.length > 0) return sampleOf(schema.anyOf[0] as JsonSchema)
  const type = types(schema)[0]
  if (type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? [])
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, sampleOf(property)]),
    )
  }
  if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}))
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1
  if (type === 'boolean') return true
  if (type === 'null') return null
  if (schema.format === 'uuid') return '22222222-2222-4222-8222-222222222222'
  if (schema.format === 'date') return '2026-03-15'
  if (schema.format === 'date-time') return '2026-03-15T08:00:00.000Z'
  if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 7, numRuns: 1 })[0]
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1))
}

/** Every property a body schema names (required or not), so each can be mutated. */
export const bodyFields = (schema: JsonSchema | null): string[] => Object.keys(schema?.properties ?? {})
