import { useSyncExternalStore } from 'react'

/** Tailwind's `max-md`: below it table-body.tsx draws each row as a card. */
const CARDS_QUERY = '(width < 48rem)'

let list: MediaQueryList | null | undefined
/** One query list for every table and render, made on first use (tests may have no matchMedia). */
const media = () =>
  (list ??= typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? matchMedia(CARDS_QUERY) : null)

function subscribe(onChange: () => void) {
  const cards = media()
  cards?.addEventListener('change', onChange)
  return () => cards?.removeEventListener('change', onChange)
}

/**
 * Whether rows are drawn as cards (a phone). The layout itself is CSS alone; this is for what has to
 * know it in script: the height of rows not drawn yet, and the space between cards.
 */
export function useCardLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  )
}
