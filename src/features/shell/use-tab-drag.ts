import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { isHome, moveTab, withTabMoved, type Tab } from '@/lib/tabs'

/** How far (px) the pointer travels before a press becomes a drag rather than a click. */
const DRAG_THRESHOLD = 6

/**
 * Drag a tab along the bar with a mouse or pen (touch keeps the bar's sideways scroll; the keyboard
 * has Alt+Shift+Arrow). The bar shows the order as it would land; it is stored on release.
 */
export function useTabDrag(listRef: RefObject<HTMLElement | null>, tabs: readonly Tab[]) {
  const [drag, setDrag] = useState<{ fullPath: string; index: number } | null>(null)
  // The click that ends a drag must not also open the tab.
  const justDragged = useRef(false)

  function startDrag(event: ReactPointerEvent<HTMLElement>, tab: Tab) {
    if (event.button !== 0 || event.pointerType === 'touch' || isHome(tab)) return
    const { pointerId, clientX: startX } = event
    const element = event.currentTarget
    let index: number | null = null
    // Where the tab would land: after every other tab whose middle the pointer has passed.
    const indexAt = (x: number) =>
      Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-tab-path]') ?? []).filter((other) => {
        if (other.dataset.tabPath === tab.fullPath) return false
        const box = other.getBoundingClientRect()
        return box.left + box.width / 2 < x
      }).length
    const onMove = (move: PointerEvent) => {
      if (move.pointerId !== pointerId) return
      if (index === null) {
        if (Math.abs(move.clientX - startX) < DRAG_THRESHOLD) return
        // Keeps the release coming to us when the pointer leaves the bar.
        element.setPointerCapture(pointerId)
      }
      index = indexAt(move.clientX)
      setDrag({ fullPath: tab.fullPath, index })
    }
    const onEnd = (end: PointerEvent) => {
      if (end.pointerId !== pointerId) return
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('pointerup', onEnd)
      window.removeEventListener('pointercancel', onEnd)
      if (index !== null && end.type === 'pointerup') {
        moveTab(tab.fullPath, index)
        justDragged.current = true
        // The click follows at once if it comes at all; a later click is a new one.
        setTimeout(() => (justDragged.current = false), 0)
      }
      setDrag(null)
    }
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onEnd)
    window.addEventListener('pointercancel', onEnd)
  }

  return {
    /** The tabs in the order to draw: the dragged one where it would land. */
    shown: drag ? withTabMoved(tabs, drag.fullPath, drag.index) : tabs,
    dragging: drag?.fullPath ?? null,
    startDrag,
    /** True once for the click that ended a drag. */
    endedDrag: () => justDragged.current,
  }
}
