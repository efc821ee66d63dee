import { redirect, type StaticDataRouteOption } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { UserInfo } from '@contract/user'
import { ApiRequestError } from '@/lib/api-client'
import { decideAccess } from '@/lib/permissions'
import { NOT_FOUND_ROUTE } from '@/lib/redirect-target'
import { isServerUnreachable } from '@/lib/request-errors'
import { getToken } from '@/lib/session'
import { showToast } from '@/lib/toast'
import { m } from '@/paraglide/messages'
import { settingsStore, updateSettings } from '@/lib/settings'
import { serverMenuQuery } from '@/lib/server-menu'
import { userInfoQuery } from './queries'
import { logout } from './logout'

// Plain shapes, not the router's generic types: the guard is part of the route tree those types describe.
export type GuardInput = {
  context: { queryClient: QueryClient }
  location: { href: string }
  matches: ReadonlyArray<{ staticData: StaticDataRouteOption }>
  /** Run for a link's preload (hover), not for a navigation: nothing is said to the user then. */
  preload?: boolean
}

/**
 * The console's navigation guards, in SPEC §2's order: (1) a token, (2) the user's role (fetched
 * once; failure logs out), (3) permission for the deepest matched route (a page the role may not
 * open goes to its first page, with a toast saying why).
 */
export async function guardConsoleRoute({
  context,
  location,
  matches,
  preload,
}: GuardInput): Promise<{ user: UserInfo }> {
  const toLogin = () => redirect({ to: '/login', search: { redirect: location.href } })
  if (!getToken()) throw toLogin()

  let user: UserInfo
  try {
    user = await context.queryClient.ensureQueryData(userInfoQuery())
  } catch (error) {
    // A request that never got its answer (the page left while it was on its way, the network or the
    // server down, a proxy answering for it) says nothing of the session: signing out then ended a live
    // session on the server, and the page that was being opened found itself signed out. The page's
    // error view says the server cannot be reached and tries again when it answers.
    if (isServerUnreachable(error) || (error instanceof ApiRequestError && error.transport === 'aborted')) throw error
    await logout()
    throw toLogin()
  }

  const target = matches[matches.length - 1]?.staticData ?? {}
  let serverMenu = null
  if (settingsStore.get().menuFromServer) {
    serverMenu = settingsStore.get().serverMenu
    if (serverMenu.length === 0) {
      try {
        serverMenu = await context.queryClient.fetchQuery(serverMenuQuery())
        updateSettings({ serverMenu })
      } catch {
        serverMenu = []
      }
    }
  }
  const verdict = decideAccess(target, user.role, serverMenu)
  if (verdict.kind === 'redirect') {
    // Moved silently, the user would not know why the address they opened shows another page.
    if (!preload) void showToast('info', m.access_forbidden_moved(), 'access-forbidden-moved')
    throw redirect({ href: verdict.to })
  }
  if (verdict.kind === 'notFound') throw redirect({ href: NOT_FOUND_ROUTE })
  return { user }
}
