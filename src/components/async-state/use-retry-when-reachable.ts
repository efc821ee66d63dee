import { useEffect, useEffectEvent } from 'react'
import { reachability } from './reachability'

/**
 * While `waiting` (a failure that ends when the connection returns is on screen), calls `retry` once
 * the server answers again: the page recovers without the user clicking Retry. A new `error` (the
 * retry failed the same way) waits again.
 */
export function useRetryWhenReachable(waiting: boolean, error: unknown, retry: (() => void) | undefined): void {
  const onReachable = useEffectEvent(() => retry?.())
  useEffect(() => {
    if (!waiting) return
    return reachability.wait(() => onReachable())
  }, [waiting, error])
}
