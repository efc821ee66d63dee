import type { BindDeviceInput } from '@contract/devices'
import { api } from '@/lib/api-client'
import { useAreaMutation } from '@/lib/area-mutation'
import { deviceKeys } from './queries'

/** Binding shows its failures on the form (field errors under their fields), so the cache does not toast them. */
export const useBindDevice = () =>
  useAreaMutation(deviceKeys.all, (input: BindDeviceInput) => api('/devices', '$post', { json: input }), true)
export const useUnbindDevice = () =>
  useAreaMutation(deviceKeys.all, (id: string) => api('/devices/:id/unbind', '$post', { param: { id } }))
export const useRotateDeviceSecret = () =>
  useAreaMutation(deviceKeys.all, (id: string) => api('/devices/:id/rotate-secret', '$post', { param: { id } }))
