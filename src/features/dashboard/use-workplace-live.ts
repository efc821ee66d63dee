import { useEffect, useMemo } from 'react'
import { useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query'
import { shanghaiToday } from '@contract/time'
import { throttled, useLiveEvent } from '@/lib/live-stream'
import {
  addToDaily,
  addToFlow,
  addToMethods,
  addToMinutes,
  addToToday,
  prependTests,
  prependTransactions,
} from './live-patches'
import {
  dailyQuery,
  dashboardKeys,
  methodsQuery,
  minutesQuery,
  passengersQuery,
  testsQuery,
  todayQuery,
  transactionsQuery,
  type Scope,
} from './queries'

/** A burst of events becomes one read of a figure that cannot be patched, at most this often. */
const REFETCH_MS = 2_000
/** Rankings cannot be patched (events do not name the merchant): read again at most this often. */
const RANKINGS_MS = 15_000

/**
 * Keeps the workplace live (GET /api/stream through src/lib/live-stream.ts): a batch of payments adds
 * to today's figures, the 30 days, the methods, the last hour and the latest list in the query cache,
 * within the second it arrives and without a request; a counter's report adds to the flow; tests go in
 * front of the list; a device going on- or offline reads the device count again. What cannot be
 * patched exactly is read again, throttled; a gap in the stream reads everything again.
 */
export function useWorkplaceLive(market: Scope): void {
  const queryClient = useQueryClient()

  const refetch = useMemo(() => {
    const again = (queryKey: QueryKey, ms = REFETCH_MS) =>
      throttled(() => void queryClient.invalidateQueries({ queryKey }), ms)
    return {
      today: again(todayQuery(market).queryKey),
      daily: again(dailyQuery(market).queryKey),
      methods: again(methodsQuery(market).queryKey),
      minutes: again(minutesQuery(market).queryKey),
      passengers: again(passengersQuery(market).queryKey),
      transactions: again(transactionsQuery(market).queryKey),
      rankings: again(dashboardKeys.rankings(market), RANKINGS_MS),
    }
  }, [market, queryClient])
  useEffect(
    () => () => {
      for (const run of Object.values(refetch)) run.cancel()
    },
    [refetch],
  )

  /** Applies `update` to a cached answer; a figure it cannot update exactly is read again. */
  function patch<T>(queryKey: DataTag<QueryKey, T, Error>, update: (data: T) => T | null, fallback: () => void) {
    const current = queryClient.getQueryData(queryKey)
    // Not loaded yet: its answer, when it comes, is read after the event.
    if (current === undefined) return
    const next = update(current)
    if (next === null) fallback()
    else if (next !== current) queryClient.setQueryData(queryKey, next)
  }

  // The stream is scoped on the server; an event for another market (a scope switch in flight) is not ours.
  const ours = (marketId: string) => market === null || marketId === market

  useLiveEvent('transactions', (event) => {
    if (!ours(event.marketId)) return
    const day = shanghaiToday()
    patch(todayQuery(market).queryKey, (data) => addToToday(data, event, day), refetch.today)
    patch(dailyQuery(market).queryKey, (data) => addToDaily(data, event, day), refetch.daily)
    patch(methodsQuery(market).queryKey, (data) => addToMethods(data, event, day), refetch.methods)
    patch(minutesQuery(market).queryKey, (data) => addToMinutes(data, event), refetch.minutes)
    patch(transactionsQuery(market).queryKey, (data) => prependTransactions(data, event), refetch.transactions)
    refetch.rankings()
  })

  useLiveEvent('passengers', (event) => {
    if (!ours(event.marketId)) return
    patch(passengersQuery(market).queryKey, (data) => addToFlow(data, event, shanghaiToday()), refetch.passengers)
  })

  useLiveEvent('tests', (event) => {
    if (!ours(event.marketId)) return
    patch(
      testsQuery(market).queryKey,
      (data) => prependTests(data, event),
      () => {},
    )
  })

  useLiveEvent('device', (event) => {
    if (ours(event.marketId)) refetch.today()
  })

  // Events may have been missed (the server could not resume the stream): every figure afresh.
  useLiveEvent('resync', () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.scope(market) }))
}
