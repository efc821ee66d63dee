import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { PageSkeleton } from '@/components/async-state/page-skeleton'
import { routeTree } from './routeTree.gen'
import { parseSearch, stringifySearch } from '@/lib/search-params'

/**
 * `prerender`: the build's prerender step (src/prerender/entry.tsx) renders a page at a path in memory,
 * in Node with the router's browser build (no window: no scroll to restore, no origin to read).
 */
export function createConsoleRouter(prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    // Loaders read through TanStack Query's cache (the console layout's context), which decides freshness.
    defaultPreloadStaleTime: 0,
    // Every route gets its own pending and error boundary, so a slow or failed page shows its skeleton
    // or its failure where the page goes, inside the shell, instead of blanking or replacing the console.
    defaultPendingComponent: PageSkeleton,
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/async-state/route-error'), 'RouteError'),
    // The progress bar covers the first half second; past it the skeleton shows, for at least 300 ms
    // so it does not flash.
    defaultPendingMs: 500,
    defaultPendingMinMs: 300,
    // Scroll is remembered per full URL, so a tab switched back to shows where the user left it.
    scrollRestoration: true,
    getScrollRestorationKey: (location) => location.href,
    ...(prerender ? { history: prerender.history, origin: 'http://localhost', scrollRestoration: false } : {}),
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>
  }
}
