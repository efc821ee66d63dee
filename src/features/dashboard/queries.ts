import { queryOptions } from '@tanstack/react-query'
import type { InferOutput } from 'valibot'
import type { MethodsSchema } from '@contract/dashboard'
import { api } from '@/lib/api-client'

/**
 * The workplace's queries, one per widget so each loads, fails and retries on its own
 * (contract/dashboard.ts). `market` is the market in scope; null: all markets (an OFFICIAL's whole
 * platform).
 */

export type Scope = string | null

export type Methods = InferOutput<typeof MethodsSchema>

const dashboardKeys = {
  all: ['dashboard'] as const,
  scope: (market: Scope) => [...dashboardKeys.all, market ?? 'all'] as const,
  today: (market: Scope) => [...dashboardKeys.scope(market), 'today'] as const,
  daily: (market: Scope) => [...dashboardKeys.scope(market), 'daily'] as const,
  methods: (market: Scope) => [...dashboardKeys.scope(market), 'methods'] as const,
}

const query = (market: Scope) => ({ query: { market: market ?? undefined } })

export const todayQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.today(market),
    queryFn: ({ signal }) => api('/dashboard/today', '$get', query(market), { signal }),
  })

export const dailyQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.daily(market),
    queryFn: ({ signal }) => api('/dashboard/daily', '$get', query(market), { signal }),
  })

export const methodsQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.methods(market),
    queryFn: ({ signal }) => api('/dashboard/methods', '$get', query(market), { signal }),
  })
