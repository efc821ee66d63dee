import { queryOptions } from '@tanstack/react-query'
import type { InferOutput } from 'valibot'
import type {
  LatestTestsSchema,
  LatestTransactionsSchema,
  MethodsSchema,
  MinutesSchema,
  PassengerFlowSchema,
  RankingMetric,
  RankingPeriod,
} from '@contract/dashboard'
import type { ComplaintCountsSchema } from '@contract/complaints'
import { api } from '@/lib/api-client'
import { freshFor } from './live-reads'
import { AREA_KEYS } from '@/lib/area-keys'

/**
 * The workplace's queries, one per widget so each loads, fails and retries on its own
 * (contract/dashboard.ts). `market` is the market in scope; null: all markets (an OFFICIAL's whole
 * platform). Live events patch these entries in place (./live-patches.ts).
 */

export type Scope = string | null

export type PassengerFlow = InferOutput<typeof PassengerFlowSchema>
export type Minutes = InferOutput<typeof MinutesSchema>
export type Methods = InferOutput<typeof MethodsSchema>
export type LatestTransactions = InferOutput<typeof LatestTransactionsSchema>
export type LatestTests = InferOutput<typeof LatestTestsSchema>

export const dashboardKeys = {
  all: AREA_KEYS.dashboard,
  scope: (market: Scope) => [...dashboardKeys.all, market ?? 'all'] as const,
  today: (market: Scope) => [...dashboardKeys.scope(market), 'today'] as const,
  daily: (market: Scope) => [...dashboardKeys.scope(market), 'daily'] as const,
  rankings: (market: Scope) => [...dashboardKeys.scope(market), 'ranking'] as const,
  ranking: (market: Scope, period: RankingPeriod, metric: RankingMetric) =>
    [...dashboardKeys.rankings(market), period, metric] as const,
  passengers: (market: Scope) => [...dashboardKeys.scope(market), 'passengers'] as const,
  minutes: (market: Scope) => [...dashboardKeys.scope(market), 'minutes'] as const,
  methods: (market: Scope) => [...dashboardKeys.scope(market), 'methods'] as const,
  transactions: (market: Scope) => [...dashboardKeys.scope(market), 'transactions'] as const,
  tests: (market: Scope) => [...dashboardKeys.scope(market), 'tests'] as const,
  complaints: (market: Scope) => [...dashboardKeys.scope(market), 'complaints'] as const,
}

/** The widget's query; `fresh` when a live event asked for it (./live-reads.ts). */
const query = (market: Scope, key: readonly unknown[]) => ({
  query: { market: market ?? undefined, fresh: freshFor(key) },
})

export const todayQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.today(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/today', '$get', query(market, queryKey), { signal }),
  })

export const dailyQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.daily(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/daily', '$get', query(market, queryKey), { signal }),
  })

export const rankingQuery = (market: Scope, period: RankingPeriod, metric: RankingMetric) =>
  queryOptions({
    queryKey: dashboardKeys.ranking(market, period, metric),
    queryFn: ({ signal, queryKey }) =>
      api(
        '/dashboard/ranking',
        '$get',
        { query: { market: market ?? undefined, period, metric, fresh: freshFor(queryKey) } },
        { signal },
      ),
    // Switching the period keeps the list on screen until the other one arrives.
    placeholderData: (previous) => previous,
  })

export const passengersQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.passengers(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/passengers', '$get', query(market, queryKey), { signal }),
  })

export const minutesQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.minutes(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/minutes', '$get', query(market, queryKey), { signal }),
  })

export const methodsQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.methods(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/methods', '$get', query(market, queryKey), { signal }),
  })

export const transactionsQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.transactions(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/transactions', '$get', query(market, queryKey), { signal }),
  })

export const testsQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.tests(market),
    queryFn: ({ signal, queryKey }) => api('/dashboard/tests', '$get', query(market, queryKey), { signal }),
  })

export type ComplaintCounts = InferOutput<typeof ComplaintCountsSchema>

/** The scope's open complaints by state and overdue (issue 26 §2); no live event moves them. */
export const complaintCountsQuery = (market: Scope) =>
  queryOptions({
    queryKey: dashboardKeys.complaints(market),
    queryFn: ({ signal }) => api('/complaints/counts', '$get', { query: { market: market ?? undefined } }, { signal }),
  })
