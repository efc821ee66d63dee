import { api } from '@/lib/api-client'
import { useAreaMutation } from '@/lib/area-mutation'
import { deviceKeys } from './queries'

export const useUnbindDevice = () =>
  useAreaMutation(deviceKeys.all, (id: string) => api('/devices/:id/unbind', '$post', { param: { id } }))
export const useRotateDeviceSecret = () =>
  useAreaMutation(deviceKeys.all, (id: string) => api('/devices/:id/rotate-secret', '$post', { param: { id } }))
