import { useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query'
import { shanghaiToday } from '@contract/time'
import { useLiveEvent, useLiveRefresh } from '@/lib/live-stream'
import {
  addToDaily,
  addToFlow,
  addToMethods,
  addToMinutes,
  addToToday,
  prependTests,
  prependTransactions,
} from './live-patches'
import { askedByLiveEvent } from './live-reads'
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

/** Rankings cannot be patched (events do not name the merchant): read again at most this often. */
const RANKINGS_MS = 15_000

/**
 * Keeps the workplace live (GET /api/stream through src/lib/live-stream.ts): a batch of payments adds
 * to today's figures, the 30 days, the methods, the last hour and the latest list in the query cache,
 * within the second it arrives and without a request; a counter's report adds to the flow; tests go in
 * front of the list; a device going on- or offline reads the device count again. What cannot be
 * patched exactly is read again through `useLiveRefresh`, the rule of every live page; a gap in the
 * stream reads everything again.
 */
export function useWorkplaceLive(market: Scope): void {
  const queryClient = useQueryClient()
  // A re-read a live event asks for reads the primary (./live-reads.ts): a replica may not have the event yet.
  const fromPrimary = (key: QueryKey, readAgain: () => void) => () => {
    askedByLiveEvent(key)
    readAgain()
  }
  const refresh = {
    today: fromPrimary(dashboardKeys.today(market), useLiveRefresh(dashboardKeys.today(market))),
    daily: fromPrimary(dashboardKeys.daily(market), useLiveRefresh(dashboardKeys.daily(market))),
    methods: fromPrimary(dashboardKeys.methods(market), useLiveRefresh(dashboardKeys.methods(market))),
    minutes: fromPrimary(dashboardKeys.minutes(market), useLiveRefresh(dashboardKeys.minutes(market))),
    passengers: fromPrimary(dashboardKeys.passengers(market), useLiveRefresh(dashboardKeys.passengers(market))),
    transactions: fromPrimary(dashboardKeys.transactions(market), useLiveRefresh(dashboardKeys.transactions(market))),
    tests: fromPrimary(dashboardKeys.tests(market), useLiveRefresh(dashboardKeys.tests(market))),
    rankings: fromPrimary(dashboardKeys.rankings(market), useLiveRefresh(dashboardKeys.rankings(market), RANKINGS_MS)),
  }

  /**
   * Applies `update` to a cached answer. A figure it cannot update exactly is read again, and so is one
   * whose answer is on its way: that answer may have been read before the event, and would replace
   * the patch.
   */
  function patch<T>(queryKey: DataTag<QueryKey, T, Error>, update: (data: T) => T | null, readAgain: () => void) {
    if (queryClient.isFetching({ queryKey }) > 0) return readAgain()
    const current = queryClient.getQueryData(queryKey)
    // Not asked for yet: its answer, when it is, comes after the event.
    if (current === undefined) return
    const next = update(current)
    if (next === null) readAgain()
    else if (next !== current) queryClient.setQueryData(queryKey, next)
  }

  // The stream is scoped on the server; an event for another market (a scope switch in flight) is not ours.
  const ours = (marketId: string) => market === null || marketId === market

  useLiveEvent('transactions', (event) => {
    if (!ours(event.marketId)) return
    const day = shanghaiToday()
    patch(todayQuery(market).queryKey, (data) => addToToday(data, event, day), refresh.today)
    patch(dailyQuery(market).queryKey, (data) => addToDaily(data, event, day), refresh.daily)
    patch(methodsQuery(market).queryKey, (data) => addToMethods(data, event, day), refresh.methods)
    patch(minutesQuery(market).queryKey, (data) => addToMinutes(data, event), refresh.minutes)
    patch(transactionsQuery(market).queryKey, (data) => prependTransactions(data, event), refresh.transactions)
    refresh.rankings()
  })

  useLiveEvent('passengers', (event) => {
    if (!ours(event.marketId)) return
    patch(passengersQuery(market).queryKey, (data) => addToFlow(data, event, shanghaiToday()), refresh.passengers)
  })

  useLiveEvent('tests', (event) => {
    if (ours(event.marketId)) patch(testsQuery(market).queryKey, (data) => prependTests(data, event), refresh.tests)
  })

  useLiveEvent('device', (event) => {
    if (ours(event.marketId)) refresh.today()
  })

  // Events may have been missed (the server could not resume the stream): every figure afresh.
  useLiveEvent('resync', () => {
    askedByLiveEvent(dashboardKeys.scope(market))
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.scope(market) })
  })
}
