import { useLayoutEffect, useState, type RefObject } from 'react'

export type BoxSize = { width: number; height: number }

/**
 * The element's size, followed as it changes (one animation frame later at most); null until it was
 * first measured (before the first layout, and on the server).
 */
export function useBoxSize(element: RefObject<HTMLElement | null>): BoxSize | null {
  const [size, setSize] = useState<BoxSize | null>(null)
  useLayoutEffect(() => {
    const target = element.current
    if (!target) return
    const read = () => {
      const { width, height } = target.getBoundingClientRect()
      setSize((previous) =>
        previous && previous.width === width && previous.height === height ? previous : { width, height },
      )
    }
    read()
    if (typeof ResizeObserver === 'undefined') return
    let frame = 0
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(read)
    })
    observer.observe(target)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
  }, [element])
  return size
}
