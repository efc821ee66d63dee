import { clearLargeParams } from '@/lib/large-params'
import { existingQueryClient } from '@/lib/query-client-lazy'
import { clearToken, getToken } from '@/lib/session'
import { updateSettings } from '@/lib/settings'
import { logoutRequest } from './mutations'

/** Logout always completes locally (SPEC §4): the server call is best effort. */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      await logoutRequest()
    } catch {
      // An expired session is already logged out on the server.
    }
  }
  clearToken()
  // The rows handed to edit pages hold phone numbers and credit codes: gone with the session, in every tab.
  clearLargeParams()
  updateSettings({ serverMenu: [] })
  // The next user starts with Workplace only (loaded here: the sign-in page does not need the tab store).
  await import('@/lib/tabs').then(({ resetTabs }) => resetTabs())
  existingQueryClient()?.clear()
}
