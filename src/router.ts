import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './routeTree.gen'

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query's cache, which decides freshness.
    defaultPreloadStaleTime: 0,
    // Scroll is remembered per full URL, so a tab switched back to shows where the user left it.
    scrollRestoration: true,
    getScrollRestorationKey: (location) => location.href,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>
  }
}
