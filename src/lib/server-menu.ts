import { queryOptions } from '@tanstack/react-query'
import type { MenuItem } from '@contract/menu'
import { apiRequest } from './api-client'

/** The role's menu from the server, used by the guard and the settings drawer (menuFromServer). */
export const serverMenuQuery = () =>
  queryOptions({
    queryKey: ['auth', 'menu'] as const,
    queryFn: () => apiRequest<MenuItem[]>('/user/menu'),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  })
