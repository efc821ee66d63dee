import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateMarketInput, MarketFieldsInput } from '@contract/markets'
import { api } from '@/lib/api-client'
import { marketKeys } from './queries'

/** Every market mutation refreshes the lists, the switcher's options and the market itself. */
function useMarketMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, handlesErrors = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  })
}

export const useCreateMarket = () =>
  useMarketMutation((input: CreateMarketInput) => api('/markets', '$post', { json: input }), true)
export const useUpdateMarket = () =>
  useMarketMutation(
    ({ id, input }: { id: string; input: MarketFieldsInput }) =>
      api('/markets/:id', '$put', { param: { id }, json: input }),
    true,
  )
export const useSetMarketFrozen = () =>
  useMarketMutation(({ id, frozen }: { id: string; frozen: boolean }) =>
    api(frozen ? '/markets/:id/freeze' : '/markets/:id/unfreeze', '$post', { param: { id } }),
  )
export const useResetMarketPassword = () =>
  useMarketMutation((id: string) => api('/markets/:id/reset-password', '$post', { param: { id } }))
