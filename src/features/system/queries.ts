import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * How often the System page reads its figures again. An interval rather than the live stream: at a
 * province's scale the stream carries hundreds of events a second, each naming one market, while the
 * page's figures are per minute (the rollup), counts since start and percentiles, and this instance's
 * counters send no event at all; a refetch per event would have to be throttled to an interval anyway.
 * Fifteen seconds is a scrape interval's; a hidden tab does not poll (TanStack Query's default).
 */
const SYSTEM_REFRESH_MS = 15_000

const systemKeys = { all: ['system'] as const }

export const systemQuery = () =>
  queryOptions({
    queryKey: systemKeys.all,
    queryFn: ({ signal }) => api('/system', '$get', {}, { signal }),
    refetchInterval: SYSTEM_REFRESH_MS,
  })
