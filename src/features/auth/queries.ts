import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The account's reads, which the route guard shares (writes live in ./mutations.ts). */

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
}

/** The signed-in account. The route guard handles its failure (log out, go to login), not a toast or the re-login modal. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: authKeys.userInfo(),
    queryFn: ({ signal }) => api('/user/info', '$post', {}, { signal }),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true, handlesSignOut: true },
  })
