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
 * Sorts a failed request: no network first (the browser knows), then a timeout, then no answer from the
 * server, then the server's fault.
 */
export function failureKind(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): FailureKind {
  if (!online) return 'offline'
  if (isTimeout(error)) return 'timeout'
  if (isServerUnreachable(error)) return 'unreachable'
  if (error instanceof ApiRequestError) {
    if (error.code === ApiCode.SERVER_ERROR || error.status >= 500) return 'server'
  }
  return 'other'
}
