import { useRef } from 'react'

type Origin = { element: HTMLElement; opener: HTMLElement | null }

/** The button that opened the menu or popover `element` sits in (Radix links them by aria-controls). */
function openerOfLayer(element: HTMLElement): HTMLElement | null {
  const layer = element.closest<HTMLElement>('[role="menu"][id], [role="dialog"][id]')
  if (!layer) return null
  // Compared rather than put in a selector: no escaping to get wrong (and jsdom has no CSS.escape).
  for (const button of document.querySelectorAll<HTMLElement>('[aria-controls]'))
    if (button.getAttribute('aria-controls') === layer.id) return button
  return null
}

// The last element to take focus, and the menu or popover button behind it, noted as it happens: a menu
// item that opens a dialog is removed in the same update, so by the time the dialog asks, focus is on
// the body and the item (and its menu's link to its button) is gone.
let lastFocus: Origin | null = null
if (typeof document !== 'undefined')
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocus = { element: event.target, opener: openerOfLayer(event.target) }
  })

/**
 * Focus back to what opened an overlay, for overlays without a Radix Trigger (opened from a store, a
 * shortcut or a menu item): Radix returns focus only to a Trigger, and without one it fell to the body.
 * What had focus as the overlay opened gets it back; if that is gone (a menu item, a popover's button),
 * the button of the menu or popover it was in. Spread onto a Radix Dialog's content; a caller's own
 * handler that prevents the default wins.
 */
export function useFocusReturn() {
  const origin = useRef<Origin | null>(null)
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement
      origin.current =
        active instanceof HTMLElement && active !== document.body
          ? { element: active, opener: openerOfLayer(active) }
          : lastFocus
    },
    onCloseAutoFocus: (event: Event) => {
      if (event.defaultPrevented) return
      const target = [origin.current?.element, origin.current?.opener].find((element) => element?.isConnected)
      if (!target) return
      event.preventDefault()
      target.focus()
    },
  }
}
