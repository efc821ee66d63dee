import { useEffect, useState } from 'react'

/** Past this, a request that has not answered is called slow and the user may retry it. */
export const SLOW_AFTER_MS = 8000

/** True once `active` has stayed true for `ms` (a request still pending, say); false again when it ends. */
export function useSlow(active: boolean, ms: number = SLOW_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setSlow(true), ms)
    return () => {
      clearTimeout(timer)
      setSlow(false)
    }
  }, [active, ms])
  return active && slow
}
