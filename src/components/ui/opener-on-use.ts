import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useLoadedOnUse } from '@/components/on-first-use'

/** What the user did to the stand-in before the real control arrived: done again on it once it has. */
type Asked = { kind: 'press' } | { kind: 'key'; key: string }

/** The keys that open a menu or popover from its button (Radix's triggers). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * Does `asked` again on the real trigger: a key as a keydown (a Radix menu opens on it, and notes the
 * keyboard, so it focuses its first item), a press as a pointerdown (a Radix menu opens on it). A
 * plain button (a popover's) opens on the click the browser makes of either, which a dispatched event
 * does not make: it is clicked instead.
 */
function replay(element: HTMLElement, asked: Asked) {
  const event =
    asked.kind === 'key'
      ? new KeyboardEvent('keydown', { key: asked.key, bubbles: true, cancelable: true })
      : new (typeof PointerEvent === 'function' ? PointerEvent : MouseEvent)('pointerdown', {
          bubbles: true,
          cancelable: true,
          button: 0,
        })
  const handled = !element.dispatchEvent(event)
  if (!handled && (asked.kind === 'press' || asked.key !== 'ArrowDown')) element.click()
}

/**
 * A menu's, popover's or tooltip's button drawn before its Radix code has loaded (issue 24: the
 * console's first paint carries none of it). The caller draws a plain element that looks the same
 * with `standIn` spread on it until `loaded` answers the module, then the real control with
 * `triggerRef` on its trigger. The code starts loading when the pointer comes over the stand-in or it
 * takes focus, so the real control is usually there before it is pressed; if not, a press or an
 * opening key is kept and done again on the real trigger, and focus moves to it, so keyboard use and
 * focus return are as if it had always been there.
 *
 * `popup` names what the button opens (its `aria-haspopup`); without it (a tooltip) a press or key is
 * not kept. `load` must be declared at a module's top level (it keys the loaded modules' cache).
 */
export function useOpenerOnUse<Module>(load: () => Promise<Module>, popup?: 'menu' | 'dialog') {
  const [wanted, setWanted] = useState(false)
  const loaded = useLoadedOnUse(load, wanted)
  const asked = useRef<Asked | null>(null)
  const standInElement = useRef<HTMLElement | null>(null)
  const hadFocus = useRef(false)
  const hovered = useRef(false)
  const trigger = useRef<HTMLElement | null>(null)
  const want = useCallback(() => setWanted(true), [])
  // Told as it goes away whether it had focus (a removed element's blur is not reliable).
  const standInRef = useCallback((element: HTMLElement | null) => {
    if (element) standInElement.current = element
    else hadFocus.current = document.activeElement === standInElement.current
  }, [])

  // Runs after the real control's own effects (children's first): a Radix menu listens for keys by then.
  useEffect(() => {
    const element = trigger.current
    if (!loaded || !element) return
    if (hadFocus.current) element.focus({ preventScroll: true })
    hadFocus.current = false
    const ask = asked.current
    asked.current = null
    if (ask) replay(element, ask)
    // A tooltip opens on the pointer moving over its trigger: the pointer still over it has not moved yet.
    else if (hovered.current && element.matches(':hover'))
      element.dispatchEvent(
        typeof PointerEvent === 'function'
          ? new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' })
          : new MouseEvent('pointermove', { bubbles: true }),
      )
    hovered.current = false
  }, [loaded])

  const standIn = {
    ref: standInRef,
    onPointerEnter: () => {
      hovered.current = true
      want()
    },
    onPointerLeave: () => {
      hovered.current = false
    },
    onFocus: want,
    ...(popup && {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      onClick: (event: MouseEvent) => {
        event.preventDefault()
        // A key that clicks (Space) was kept already.
        asked.current ??= { kind: 'press' }
        want()
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        asked.current = { kind: 'key', key: event.key }
        want()
      },
    }),
  }
  const triggerRef = useCallback((element: HTMLElement | null) => {
    trigger.current = element
  }, [])
  return { loaded, standIn, triggerRef }
}
