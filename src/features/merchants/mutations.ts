import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateMerchantInput, MerchantFieldsInput } from '@contract/merchants'
import { api } from '@/lib/api-client'
import { merchantKeys } from './queries'

/** Every merchant mutation refreshes the lists and the merchant itself. */
function useMerchantMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, handlesErrors = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  })
}

export const useCreateMerchant = () =>
  useMerchantMutation((input: CreateMerchantInput) => api('/merchants', '$post', { json: input }), true)
export const useUpdateMerchant = () =>
  useMerchantMutation(
    ({ id, input }: { id: string; input: MerchantFieldsInput }) =>
      api('/merchants/:id', '$put', { param: { id }, json: input }),
    true,
  )
export const useSetMerchantLeft = () =>
  useMerchantMutation(({ id, left }: { id: string; left: boolean }) =>
    api(left ? '/merchants/:id/leave' : '/merchants/:id/return', '$post', { param: { id } }),
  )
export const useResetMerchantPassword = () =>
  useMerchantMutation((id: string) => api('/merchants/:id/reset-password', '$post', { param: { id } }))
