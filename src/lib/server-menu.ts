import { queryOptions } from '@tanstack/react-query'
import { api } from './api-client'

/** The role's menu from the server, used by the guard and the settings drawer (menuFromServer). */
export const serverMenuQuery = () =>
  queryOptions({
    queryKey: ['auth', 'menu'] as const,
    queryFn: ({ signal }) => api('/user/menu', '$post', {}, { signal }),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  })
