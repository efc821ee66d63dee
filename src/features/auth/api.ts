import { queryOptions } from '@tanstack/react-query'
import type { ChangePasswordInput, LoginInput, UserInfo } from '@contract/user'
import { apiRequest } from '@/lib/api-client'

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
}

/** The signed-in account. The route guard handles its failure (log out, go to login), not a toast. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: authKeys.userInfo(),
    queryFn: () => apiRequest<UserInfo>('/user/info'),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  })

export const login = (input: LoginInput) => apiRequest<{ token: string }>('/user/login', input)
export const logoutRequest = () => apiRequest<null>('/user/logout')
export const changePassword = (input: ChangePasswordInput) => apiRequest<null>('/user/password', input)
