import type { AnyRoute, AnyRouter } from '@tanstack/react-router'
import { getToken } from '@/lib/session'

/**
 * Starts downloading the code of the pages a navigation matched as it begins, beside the console's
 * guard (its query client and the user's info), instead of after it: the router asks for route chunks
 * only once every `beforeLoad` has answered (issue 24: a list's first paint waited for both in turn).
 * Without a session the guard sends the visitor to sign in, so nothing is fetched for nothing.
 */
export function loadRouteChunksEarly(router: AnyRouter): void {
  router.subscribe('onBeforeLoad', ({ toLocation }) => {
    if (!getToken()) return
    for (const match of router.matchRoutes(toLocation)) {
      const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId]
      // A chunk that fails here fails again where the router asks for it, and is reported there.
      if (route) router.loadRouteChunk(route)?.catch(() => undefined)
    }
  })
}
