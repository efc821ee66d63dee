import { queryOptions } from '@tanstack/react-query'
import type { ListSearchOf } from '@contract/list'
import { MAX_MARKET_OPTIONS, type MARKET_LIST } from '@contract/market-list'
import { api } from '@/lib/api-client'

/** The market queries, which route loaders share (mutations live in ./mutations.ts, off the first page). */

/** The list's URL state is exactly what the list endpoint takes (contract/market-list.ts). */
export type MarketSearch = ListSearchOf<typeof MARKET_LIST>
export type MarketListParams = MarketSearch

export const marketKeys = {
  all: ['markets'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (params: MarketListParams) => [...marketKeys.lists(), params] as const,
  detail: (id: string) => [...marketKeys.all, 'detail', id] as const,
  page: (id: string) => [...marketKeys.all, 'page', id] as const,
  options: (q: string) => [...marketKeys.all, 'options', q] as const,
  licences: (id: string) => [...marketKeys.all, 'licences', id] as const,
  rules: (id: string) => [...marketKeys.all, 'rules', id] as const,
  creditWeights: (id: string) => [...marketKeys.all, 'credit-weights', id] as const,
}

/** A market's own licences with their states (issue 26 §1): its form's values and its page's section. */
export const marketLicencesQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.licences(id),
    queryFn: ({ signal }) => api('/licences/markets/:id', '$get', { param: { id } }, { signal }),
  })

/** A market's rules: grace days for licences missing, days to resolve a complaint. */
export const marketRulesQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.rules(id),
    queryFn: ({ signal }) => api('/licences/markets/:id/rules', '$get', { param: { id } }, { signal }),
  })

/** A market's credit weights (issue 26 §3): the points each kind of record adds, and which are the default. */
export const marketCreditWeightsQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.creditWeights(id),
    queryFn: ({ signal }) => api('/credit/markets/:id/weights', '$get', { param: { id } }, { signal }),
  })

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

/** A market's page (read-only, with its counts); the page says not-found and failures itself. */
export const marketPageQuery = (id: string) =>
  queryOptions({
    queryKey: marketKeys.page(id),
    queryFn: ({ signal }) => api('/markets/:id/detail', '$get', { param: { id } }, { signal }),
    meta: { handlesErrors: true },
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
