import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from './api-client'
import { createAtom } from '@tanstack/store'
import { showToast } from './toast'

/** Open while the "login invalid" modal (code 1001, or 1002 for a frozen account) is shown. */
export const loginInvalidStore = createAtom(false)
/** Why the modal is open: the session ended because the account was frozen (1002). */
export const accountFrozenStore = createAtom(false)

/** Whether an answer says the session is over (1001 expired or ended, 1002 the account frozen). */
export const isSignedOut = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && (error.code === ApiCode.NOT_SIGNED_IN || error.code === ApiCode.ACCOUNT_FROZEN)

/**
 * The API server gave no answer: the request failed on its way (the browser may still be online: the
 * server is down or restarting), or a proxy in front of it answered 502/503 without the API's envelope
 * (the development server's proxy does, when the API server is down). Says nothing of the session.
 */
export const isServerUnreachable = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError &&
  (error.transport === 'network' || (error.transport === 'http' && (error.status === 502 || error.status === 503)))

/** The words shown for a failure: the server's message, or the console's own for transport failures. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.transport === 'network') return m.request_network_error()
    if (error.transport === 'aborted') return m.request_aborted()
    if (error.transport === 'http') return m.request_failed_status({ status: error.status })
    return error.message || m.request_error()
  }
  return m.request_error()
}

/**
 * The one place a failed query or mutation reaches the user (SPEC §8): 1001 and 1002 open the re-login
 * modal, everything else shows a 5-second error toast. Callers that show the failure themselves
 * mark their query or mutation with `meta: { handlesErrors: true }`: no toast, but a session that has
 * ended still opens the modal (a form or a search left open past the session's end offers to sign in
 * again, not just an inline error). `handlesSignOut` too leaves that to the caller: the route guard's
 * own user query, which signs out and goes to the sign-in page itself.
 */
export function reportRequestError(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (meta?.handlesSignOut) return
  if (isSignedOut(error)) {
    accountFrozenStore.set(error.code === ApiCode.ACCOUNT_FROZEN)
    loginInvalidStore.set(true)
    return
  }
  if (meta?.handlesErrors) return
  void showToast('error', errorMessage(error))
}
