import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from './api-client'
import { createAtom } from '@tanstack/store'
import { showToast } from './toast'

/** Open while the "login invalid" modal (code 1001) is shown. */
export const loginInvalidStore = createAtom(false)

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
 * The one place a failed query or mutation reaches the user (SPEC §8): 1001 opens the re-login
 * modal, everything else shows a 5-second error toast. Callers that show the failure themselves
 * mark their query or mutation with `meta: { handlesErrors: true }`.
 */
export function reportRequestError(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (meta?.handlesErrors) return
  if (error instanceof ApiRequestError && error.code === ApiCode.NOT_SIGNED_IN) {
    loginInvalidStore.set(true)
    return
  }
  void showToast('error', errorMessage(error))
}
