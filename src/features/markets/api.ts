import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { MAX_MARKET_OPTIONS, type CreateMarketInput, type MarketFieldsInput } from '@contract/markets'
import type { ListSearchOf } from '@contract/list'
import type { MARKET_LIST } from '@contract/market-list'
import { api } from '@/lib/api-client'

/** The list's URL state is exactly what the list endpoint takes (contract/market-list.ts). */
export type MarketSearch = ListSearchOf<typeof MARKET_LIST>
export type MarketListParams = MarketSearch

export const marketKeys = {
  all: ['markets'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (params: MarketListParams) => [...marketKeys.lists(), params] as const,
  detail: (id: string) => [...marketKeys.all, 'detail', id] as const,
  options: (q: string) => [...marketKeys.all, 'options', q] as const,
}

export const marketListQuery = (params: MarketListParams) =>
  queryOptions({
    queryKey: marketKeys.list(params),
    queryFn: ({ signal }) => api('/markets', '$get', { query: params }, { signal }),
    placeholderData: (previous) => previous,
  })

export const marketQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.detail(id),
    queryFn: ({ signal }) => api('/markets/:id', '$get', { param: { id } }, { signal }),
  })

export const marketOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: marketKeys.options(q),
    queryFn: ({ signal }) => api('/markets/options', '$get', { query: { q, limit: MAX_MARKET_OPTIONS } }, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  })

export const checkUsername = (username: string, exceptMarketId?: string) =>
  api('/markets/username-available', '$get', { query: { username, exceptMarketId } })

/** Every market mutation refreshes the lists, the switcher's options and the market itself. */
function useMarketMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, handlesErrors = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  })
}

export const useCreateMarket = () => useMarketMutation((input: CreateMarketInput) => api('/markets', '$post', { json: input }), true)
export const useUpdateMarket = () =>
  useMarketMutation(({ id, input }: { id: string; input: MarketFieldsInput }) => api('/markets/:id', '$put', { param: { id }, json: input }), true)
export const useSetMarketFrozen = () =>
  useMarketMutation(({ id, frozen }: { id: string; frozen: boolean }) => api(frozen ? '/markets/:id/freeze' : '/markets/:id/unfreeze', '$post', { param: { id } }))
export const useResetMarketPassword = () => useMarketMutation((id: string) => api('/markets/:id/reset-password', '$post', { param: { id } }))
