import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateMarketInput, Market, MarketFieldsInput, MarketList, MarketOption } from '@contract/markets'
import { apiRequest } from '@/lib/api-client'

export type MarketListParams = {
  page: number
  pageSize: number
  sort: 'name' | 'registeredAt' | 'stallCount' | 'accountUsername'
  order: 'asc' | 'desc'
  q?: string | undefined
  status?: '1' | '2' | undefined
}

export const marketKeys = {
  all: ['markets'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (params: MarketListParams) => [...marketKeys.lists(), params] as const,
  detail: (id: string) => [...marketKeys.all, 'detail', id] as const,
  options: (q: string) => [...marketKeys.all, 'options', q] as const,
}

const toQuery = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]]))).toString()

export const marketListQuery = (params: MarketListParams) =>
  queryOptions({
    queryKey: marketKeys.list(params),
    queryFn: ({ signal }) => apiRequest<MarketList>(`/markets?${toQuery(params)}`, undefined, { method: 'GET', signal }),
    placeholderData: (previous) => previous,
  })

export const marketQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Market>(`/markets/${id}`, undefined, { method: 'GET', signal }),
  })

export const marketOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: marketKeys.options(q),
    queryFn: ({ signal }) => apiRequest<MarketOption[]>(`/markets/options?${toQuery({ q, limit: 50 })}`, undefined, { method: 'GET', signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  })

export const checkUsername = (username: string, exceptMarketId?: string) =>
  apiRequest<{ valid: boolean; available: boolean }>(`/markets/username-available?${toQuery({ username, exceptMarketId })}`, undefined, { method: 'GET' })

/** Every market mutation refreshes the lists, the switcher's options and the market itself. */
function useMarketMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, handlesErrors = false) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  })
}

export const useCreateMarket = () => useMarketMutation((input: CreateMarketInput) => apiRequest<{ id: string }>('/markets', input), true)
export const useUpdateMarket = () =>
  useMarketMutation(({ id, input }: { id: string; input: MarketFieldsInput }) => apiRequest<null>(`/markets/${id}`, input, { method: 'PUT' }), true)
export const useSetMarketFrozen = () =>
  useMarketMutation(({ id, frozen }: { id: string; frozen: boolean }) => apiRequest<null>(`/markets/${id}/${frozen ? 'freeze' : 'unfreeze'}`))
export const useResetMarketPassword = () => useMarketMutation((id: string) => apiRequest<{ clearPwd: string }>(`/markets/${id}/reset-password`))
