import { ApiCode } from '@contract/api'
import { ApiRequestError } from '@/lib/api-client'

/** What went wrong, as far as the user is concerned: each kind has its own words and advice. */
export type FailureKind = 'offline' | 'timeout' | 'server' | 'other'

const isTimeout = (error: unknown) =>
  // AbortSignal.timeout() rejects with a TimeoutError; proxies answer 408 or 504 when the server is slow.
  (error instanceof Error && error.name === 'TimeoutError') ||
  (error instanceof ApiRequestError && (error.status === 408 || error.status === 504))

/** Sorts a failed request: no network first (the browser knows), then a timeout, then the server's fault. */
export function failureKind(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): FailureKind {
  if (!online) return 'offline'
  if (isTimeout(error)) return 'timeout'
  if (error instanceof ApiRequestError) {
    if (error.transport === 'network') return 'offline'
    if (error.code === ApiCode.SERVER_ERROR || error.status >= 500) return 'server'
  }
  return 'other'
}
