import { useLayoutEffect, useRef, useState } from 'react'

type Handlers = Record<string, (...args: never[]) => unknown>

/**
 * Handlers that keep their identity for the component's life and always call the latest ones given:
 * for a list of memoised items, so that a new render of the list (a new page in the URL, say) does
 * not draw every item again only because its callbacks were made anew. Call them from events, not
 * while rendering: they see the latest render's handlers once it has committed.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })
  const [stable] = useState(() => {
    const calls: Handlers = {}
    for (const name of Object.keys(handlers))
      calls[name] = (...args: never[]) => (latest.current[name] as (...args: never[]) => unknown)(...args)
    return calls as T
  })
  return stable
}
