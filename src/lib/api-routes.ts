import type { ExtractSchema } from 'hono/types'
import type { ApiRoutes } from '../../server/app'

/**
 * The API's paths, methods, inputs and answers, read from the server's route tree at compile time
 * (types only: nothing of the server reaches the bundle). A wrong path, query key, body field or
 * answer shape fails to compile. Like Hono's `hc`, without its runtime on the first page.
 */
type Schema = ExtractSchema<ApiRoutes>

export type ApiPath = keyof Schema & string
export type ApiMethod<P extends ApiPath> = keyof Schema[P] & `$${string}`
type Endpoint<P extends ApiPath, M extends ApiMethod<P>> = Schema[P][M]

/** What a route validates: `{ param?, query?, json? }`. */
export type ApiInput<P extends ApiPath, M extends ApiMethod<P>> = Endpoint<P, M> extends { input: infer I } ? I : never
/** The `data` of a successful answer. */
export type ApiData<P extends ApiPath, M extends ApiMethod<P>> =
  Endpoint<P, M> extends { output: infer O } ? (O extends { data: infer D } ? D : never) : never

type Parts = { param?: Record<string, string>; query?: Record<string, unknown>; json?: unknown }

/** The HTTP method, the URL under /api and the JSON body a call sends. */
export function requestParts(
  path: string,
  method: string,
  input: Parts | undefined,
): { method: string; url: string; body: unknown } {
  const url = path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(input?.param?.[name] ?? ''))
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(input?.query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item))
  }
  const search = query.toString()
  return { method: method.slice(1).toUpperCase(), url: search ? `${url}?${search}` : url, body: input?.json }
}
