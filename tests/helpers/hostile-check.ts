import { httpStatusFor } from '../../server/lib/errors'
import type { Probe } from './hostile-probes'
import { XSRF } from './test-app'

type App = { request: (path: string, init: RequestInit) => Response | Promise<Response> }

let address = 0

/** Sends a probe as the console would (XSRF pair, locale), from an address of its own so sign-in throttling by address never kicks in. */
export function send(app: App, probe: Probe, token: string | null): Promise<Response> {
  address++
  const headers: Record<string, string> = {
    Cookie: `XSRF-TOKEN=${XSRF}`,
    'X-XSRF-TOKEN': XSRF,
    'Accept-Language': 'en-US',
    'X-Forwarded-For': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  }
  if (probe.contentType) headers['Content-Type'] = probe.contentType
  if (token) headers.Authorization = token
  if (probe.body === undefined) return Promise.resolve(app.request(probe.url, { method: probe.method, headers }))
  // Bytes, so no content type is added, with the length or chunking an HTTP client would declare.
  const bytes = typeof probe.body === 'string' ? new TextEncoder().encode(probe.body) : new Uint8Array(probe.body)
  if (!probe.chunked) {
    headers['Content-Length'] = String(bytes.length)
    return Promise.resolve(app.request(probe.url, { method: probe.method, headers, body: bytes }))
  }
  headers['Transfer-Encoding'] = 'chunked'
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024))
      controller.close()
    },
  })
  return Promise.resolve(
    app.request(probe.url, { method: probe.method, headers, body: stream, duplex: 'half' } as RequestInit),
  )
}

const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text)

/**
 * What is wrong with an answer, or null: a 5xx; anything but the JSON wrapper { code, msg, data,
 * isSuccess } (a route's documented non-JSON 200, like an image, only needs its content type); an
 * HTTP status that does not mirror the code; a code the probe did not expect, when it says.
 */
export async function answerProblem(
  response: Response,
  rawOkTypes: string[] | null,
  expectedCodes?: number[],
): Promise<string | null> {
  const type = response.headers.get('content-type') ?? ''
  if (response.status === 200 && rawOkTypes) {
    // Not read: a file is checked by its type, and an event stream never ends.
    await response.body?.cancel()
    return rawOkTypes.some((ok) => type.startsWith(ok))
      ? null
      : `200 with content type ${type}, documented ${rawOkTypes.join(', ')}`
  }
  const text = await response.text()
  if (response.status >= 500) return `HTTP ${response.status} ${clip(text)}`
  if (!type.startsWith('application/json'))
    return `HTTP ${response.status} with content type ${type || 'none'}: ${clip(text)}`
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `HTTP ${response.status}, not JSON: ${clip(text)}`
  }
  const wrapper = body as { code?: unknown; msg?: unknown; isSuccess?: unknown }
  const shaped =
    body !== null &&
    typeof body === 'object' &&
    typeof wrapper.code === 'number' &&
    typeof wrapper.msg === 'string' &&
    'data' in body &&
    typeof wrapper.isSuccess === 'boolean'
  if (!shaped) return `HTTP ${response.status}, not the wrapper: ${clip(text)}`
  const code = wrapper.code as number
  if (code >= 50000) return `code ${code}: ${clip(text)}`
  if (httpStatusFor(code) !== response.status) return `HTTP ${response.status} does not mirror code ${code}`
  if (wrapper.isSuccess !== (code === 20000)) return `isSuccess ${String(wrapper.isSuccess)} with code ${code}`
  if (expectedCodes && !expectedCodes.includes(code))
    return `code ${code}, expected ${expectedCodes.join(' or ')}: ${clip(text)}`
  return null
}
