import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react'

type Place = { row: number; control: number }

const nowhere = () => document.activeElement === null || document.activeElement === document.body

/**
 * Keeps keyboard focus in the table when what holds it goes away (a device unbound, a merchant
 * filtered out: the list refetches and the row, its menu or its confirm dialog is gone). The browser
 * would put focus on the page's start; it goes to the same control of the row now in that place (the
 * next item), or of the last row; when no row is left, to `whenNoRows` (the list's search box).
 *
 * "In the table" includes the row menus and dialogs: React's focus events pass through portals to the
 * `<tbody>`. A focused element removed while React draws fires no blur React hands on; one removed
 * otherwise blurs towards nothing and is then gone. A click on the page's background also blurs
 * towards nothing, but the element stays: then focus is the user's to place.
 */
export function useRowFocusKept(body: RefObject<HTMLElement | null>, whenNoRows?: () => void) {
  // Where focus is while it is in the table: the row's place and which of its controls.
  const held = useRef<Place | null>(null)
  // The place focus left the table from: moving into a row's menu or dialog (portals) keeps it.
  const left = useRef<Place | null>(null)

  const refocus = (place: Place) => {
    const rows = body.current?.querySelectorAll<HTMLElement>('tr[data-index]')
    if (!rows || rows.length === 0) {
      // The list is empty now (its last row went): nothing in the table to hold focus.
      held.current = null
      left.current = null
      whenNoRows?.()
      return
    }
    const row = [...rows].find((element) => Number(element.dataset.index) === place.row) ?? rows[rows.length - 1]
    const controls = row ? focusableIn(row) : []
    controls[Math.max(0, Math.min(place.control, controls.length - 1))]?.focus()
  }

  // The rows were drawn again: if that took the focused element with it, focus follows the place.
  useLayoutEffect(() => {
    if (held.current !== null && nowhere()) refocus(held.current)
  })

  return {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const row = (event.target as Element).closest<HTMLElement>('tr[data-index]')
      held.current =
        row && body.current?.contains(row)
          ? { row: Number(row.dataset.index), control: focusableIn(row).indexOf(event.target as HTMLElement) }
          : // In a menu or dialog (a portal): the row it was opened from is still the one held.
            (held.current ?? left.current)
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const place = held.current
      if (event.relatedTarget !== null) {
        // To another element; back in the table or its portals, onFocus holds the place again.
        left.current = place
        held.current = null
        return
      }
      const blurred = event.target
      setTimeout(() => {
        if (blurred.isConnected) {
          if (held.current === place) held.current = null
        } else if (place !== null && nowhere()) refocus(place)
      })
    },
  }
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]'

function focusableIn(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0)
}
