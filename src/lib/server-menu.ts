import { queryOptions } from '@tanstack/react-query'
import { api } from './api-client'

/**
 * Under the session's keys (`['auth']`, as features/auth/api.ts's authKeys): a new sign-in invalidates
 * them all, so the next account never sees the last one's menu.
 */
export const serverMenuKeys = {
  all: ['auth'] as const,
  menu: () => [...serverMenuKeys.all, 'menu'] as const,
}

/** The role's menu from the server, used by the guard and the settings drawer (menuFromServer). */
export const serverMenuQuery = () =>
  queryOptions({
    queryKey: serverMenuKeys.menu(),
    queryFn: ({ signal }) => api('/user/menu', '$post', {}, { signal }),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  })
