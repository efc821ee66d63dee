import { ApiCode, type Envelope } from '@contract/api'
import { getLocale } from '@/paraglide/runtime'
import { requestParts, type ApiData, type ApiInput, type ApiMethod, type ApiPath } from './api-routes'
import { takeEarly } from './early-requests'
import { getToken } from './session'

/** A failed call: `code` is the server's answer code, or 0 for a transport failure (then `status`). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown = null,
    readonly status = 0,
    /** 'http' | 'network' | 'aborted' for transport failures: the console words these itself. */
    readonly transport: 'http' | 'network' | 'aborted' | null = null,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
}

function readCookie(name: string): string | null {
  // No document where a page is prerendered (src/prerender/entry.tsx): no cookie either.
  if (typeof document === 'undefined') return null
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/** What every call sends: the session, the XSRF echo and the reader's language (uploads too). */
export function consoleHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLocale() }
  const token = getToken()
  if (token) headers.Authorization = token
  const xsrf = readCookie('XSRF-TOKEN')
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf
  return headers
}

/** The `data` of an answer's text, or the ApiRequestError it stands for (uploads read answers too). */
export function unwrapAnswer<T>(text: string | null, status: number): T {
  let envelope: Envelope<T> | null = null
  try {
    envelope = text ? (JSON.parse(text) as Envelope<T>) : null
  } catch {
    envelope = null
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiRequestError(`Request failed with status code ${status}`, 0, null, status, 'http')
  }
  if (!envelope.isSuccess || envelope.code !== ApiCode.SUCCESS) {
    throw new ApiRequestError(envelope.msg, envelope.code, envelope.data, status)
  }
  return envelope.data
}

/** Where the API is served, on the console's own origin. */
const API_BASE = '/api'

/** Sends one call and unwraps the answer; `api` below is its typed face. */
async function send<T>(
  path: string,
  body: unknown,
  init: { method: string; signal?: AbortSignal | undefined },
): Promise<T> {
  // The page's boot script may have sent this very request from the HTML (./early-requests.ts).
  const early = body === undefined && !init.signal?.aborted ? await takeEarly(init.method, API_BASE + path) : null
  if (early) return unwrapAnswer<T>(early.text, early.status)
  const headers = consoleHeaders()
  if (body !== undefined) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(API_BASE + path, {
      method: init.method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    })
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError'
    throw new ApiRequestError(
      aborted ? 'Request aborted' : 'Network Error',
      0,
      null,
      0,
      aborted ? 'aborted' : 'network',
    )
  }

  let text: string
  try {
    text = await response.text()
  } catch (error) {
    // The answer stopped on its way (the page left, the connection dropped): a transport failure, not an
    // empty answer, which would read as the server's own failure (and the guard signs out on those).
    const aborted = error instanceof DOMException && error.name === 'AbortError'
    throw new ApiRequestError(
      aborted ? 'Request aborted' : 'Network Error',
      0,
      null,
      response.status,
      aborted ? 'aborted' : 'network',
    )
  }
  return unwrapAnswer<T>(text, response.status)
}

type Options = { signal?: AbortSignal | undefined }
/** The input argument is optional where the route validates nothing. */
type InputArgs<P extends ApiPath, M extends ApiMethod<P>> =
  Record<string, never> extends ApiInput<P, M>
    ? [input?: ApiInput<P, M>, options?: Options]
    : [input: ApiInput<P, M>, options?: Options]
type UrlArgs<P extends ApiPath, M extends ApiMethod<P>> =
  Record<string, never> extends ApiInput<P, M> ? [input?: ApiInput<P, M>] : [input: ApiInput<P, M>]

/**
 * The address of a call the console sends by other means than `api()` (the live stream's reader, an
 * upload's XMLHttpRequest for its progress, an image fetched as a blob), typed from the server's
 * routes as `api()` is: `apiUrl('/files/:id', '$get', { param: { id } })`.
 */
export function apiUrl<P extends ApiPath, M extends ApiMethod<P>>(
  path: P,
  method: M,
  ...[input]: UrlArgs<P, M>
): string {
  return API_BASE + requestParts(path, method, input as Parameters<typeof requestParts>[2]).url
}

/**
 * The one way the console calls the API, typed from the server's routes:
 * `api('/markets/:id', '$get', { param: { id } })`. Adds Authorization, X-XSRF-TOKEN and the locale,
 * unwraps `{ code, msg, data, isSuccess }`, and rejects with an ApiRequestError carrying the code.
 * Showing toasts or the re-login modal is the query cache's job (src/lib/request-errors.ts).
 */
export function api<P extends ApiPath, M extends ApiMethod<P>>(
  path: P,
  method: M,
  ...[input, options]: InputArgs<P, M>
): Promise<ApiData<P, M>> {
  const parts = requestParts(path, method, input as Parameters<typeof requestParts>[2])
  return send<ApiData<P, M>>(parts.url, parts.body, { method: parts.method, signal: options?.signal })
}
