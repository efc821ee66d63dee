import { queryOptions } from '@tanstack/react-query'
import type { ChangePasswordInput, LoginInput } from '@contract/user'
import { api } from '@/lib/api-client'

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

export const login = (input: LoginInput) => api('/user/login', '$post', { json: input })
export const logoutRequest = () => api('/user/logout', '$post')
export const changePassword = (input: ChangePasswordInput) => api('/user/password', '$post', { json: input })
