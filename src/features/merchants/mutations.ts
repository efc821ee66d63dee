import type { CreateMerchantInput, UpdateMerchantInput } from '@contract/merchants'
import { api } from '@/lib/api-client'
import { useAreaMutation } from '@/lib/area-mutation'
import { merchantKeys } from './queries'

export const useCreateMerchant = () =>
  useAreaMutation(merchantKeys.all, (input: CreateMerchantInput) => api('/merchants', '$post', { json: input }), true)
export const useUpdateMerchant = () =>
  useAreaMutation(
    merchantKeys.all,
    ({ id, input }: { id: string; input: UpdateMerchantInput }) =>
      api('/merchants/:id', '$put', { param: { id }, json: input }),
    true,
  )
export const useSetMerchantLeft = () =>
  useAreaMutation(merchantKeys.all, ({ id, left }: { id: string; left: boolean }) =>
    api(left ? '/merchants/:id/leave' : '/merchants/:id/return', '$post', { param: { id } }),
  )
export const useResetMerchantPassword = () =>
  useAreaMutation(merchantKeys.all, (id: string) => api('/merchants/:id/reset-password', '$post', { param: { id } }))
