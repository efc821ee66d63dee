import type { ChangePasswordInput, LoginInput } from '@contract/user'
import { api } from '@/lib/api-client'

/** The account's writes (sign in, sign out, a new password); its reads live in ./queries.ts. */

export const login = (input: LoginInput) => api('/user/login', '$post', { json: input })
export const logoutRequest = () => api('/user/logout', '$post')
export const changePassword = (input: ChangePasswordInput) => api('/user/password', '$post', { json: input })
