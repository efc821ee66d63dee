import { useEffect, useRef, type RefObject } from 'react'

/**
 * Closes a row's open menu when its button leaves the window (the page scrolled it away), and gives
 * the button focus back without scrolling to it: the menu would otherwise float over other rows, or
 * go with its row when a long page stops drawing it (use-virtual-rows.ts keeps the focused row drawn,
 * so the button is still there to hold focus). For the menu's `onCloseAutoFocus`.
 */
export function useCloseOutOfView(open: boolean, close: () => void, button: RefObject<HTMLElement | null>) {
  const outOfView = useRef(false)
  useEffect(() => {
    const element = button.current
    if (!open || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting) {
        outOfView.current = true
        close()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [open, close, button])

  return (event: Event) => {
    if (!outOfView.current) return
    outOfView.current = false
    // Radix would focus the button the usual way, which scrolls the page back to it.
    event.preventDefault()
    button.current?.focus({ preventScroll: true })
  }
}
