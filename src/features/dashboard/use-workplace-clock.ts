import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { shanghaiToday } from '@contract/time'
import { extendFlow, shiftMinutes } from './live-patches'
import { dashboardKeys, minutesQuery, passengersQuery, todayQuery, type Scope } from './queries'

const MINUTE_MS = 60_000
/** Just past the minute, so the server's clock has turned it too. */
const AFTER_MINUTE_MS = 500

/**
 * Keeps the figures that depend on 'now' current without a reload: on each minute the last hour moves
 * on a minute and the passenger flow to the current 10 minutes (here, no request), and today's figures
 * are read again (yesterday's "same time" has moved); at Shanghai midnight every figure is read afresh.
 * A hidden tab's timers are slowed, so coming back to it catches up at once.
 */
export function useWorkplaceClock(market: Scope): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let day = shanghaiToday()
    let timer: ReturnType<typeof setTimeout> | undefined

    const tick = () => {
      const now = Date.now()
      const today = shanghaiToday(new Date(now))
      if (today !== day) {
        day = today
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.scope(market) })
      } else {
        queryClient.setQueryData(minutesQuery(market).queryKey, (minutes) => minutes && shiftMinutes(minutes, now))
        queryClient.setQueryData(passengersQuery(market).queryKey, (flow) => flow && extendFlow(flow, now, today))
        void queryClient.invalidateQueries({ queryKey: todayQuery(market).queryKey })
      }
      schedule()
    }
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS) + AFTER_MINUTE_MS)
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }

    schedule()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [market, queryClient])
}
