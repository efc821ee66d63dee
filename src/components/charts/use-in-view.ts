import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether the element has been in the viewport yet (it stays true once it has): what a chart waits for
 * before it loads its engine and draws (issue 24: a first visit fetches nothing for charts below the
 * fold). Where IntersectionObserver is missing, everything counts as seen.
 */
export function useInView(element: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const target = element.current
    if (seen || !target) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        setSeen(true)
      }
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, seen])
  return seen
}
