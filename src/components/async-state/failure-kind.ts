import { ApiCode } from '@contract/api'
import { ApiRequestError } from '@/lib/api-client'
import { isServerUnreachable } from '@/lib/request-errors'

/**
 * What went wrong, as far as the user is concerned: each kind has its own words and advice. `offline`:
 * the browser has no network; `unreachable`: it has, but the server does not answer (down, restarting).
 */
export type FailureKind = 'offline' | 'unreachable' | 'timeout' | 'server' | 'other'

/** Failures that end by themselves when the connection returns: the page retries then, unasked. */
export const passesWhenReachable = (kind: FailureKind) => kind === 'offline' || kind === 'unreachable'

const isTimeout = (error: unknown) =>
  // AbortSignal.timeout() rejects with a TimeoutError; proxies answer 408 or 504 when the server is slow.
  (error instanceof Error && error.name === 'TimeoutError') ||
  (error instanceof ApiRequestError && (error.status === 408 || error.status === 504))

/**
 * A page's code that did not arrive: the browser's words for a failed `import()` (Chromium, Firefox,
 * Safari) and the bundler's for a stylesheet it could not preload. The server (or the network to it)
 * did not answer, exactly as for a request.
 */
export const isCodeLoadFailure = (error: unknown): error is Error =>
  error instanceof Error &&
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/.test(
    error.message,
  )

/**
 * A page whose code did not arrive loads again from a fresh page: the browser may keep a failed
 * `import()` for the life of the page, so running the loaders again would fail the same way. At most
 * once a minute per failure (session storage), so code that is really missing cannot reload in a
 * loop; tabs and drafts are kept in session storage and survive the reload.
 */
export function reloadForMissingCode(error: Error): boolean {
  const key = `ds-reloaded:${error.message}`
  try {
    if (Date.now() - Number(sessionStorage.getItem(key)) < 60_000) return false
    sessionStorage.setItem(key, String(Date.now()))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

/**
 * Sorts a failed request: no network first (the browser knows), then a timeout, then no answer from the
 * server, then the server's fault.
 */
export function failureKind(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): FailureKind {
  if (!online) return 'offline'
  if (isTimeout(error)) return 'timeout'
  if (isServerUnreachable(error) || isCodeLoadFailure(error)) return 'unreachable'
  if (error instanceof ApiRequestError) {
    if (error.code === ApiCode.SERVER_ERROR || error.status >= 500) return 'server'
  }
  return 'other'
}
