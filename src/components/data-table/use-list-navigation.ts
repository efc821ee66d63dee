import { useCallback } from 'react'

/**
 * How a list page puts its controls' changes into the URL: replacing the history entry (one entry per
 * page, not per keystroke, docs/decisions.md) and leaving the scroll to the table. The router would
 * scroll the window to the top after drawing the new rows, which makes the browser lay out the whole
 * page inside the click's script (13-19 ms for a 100-row page, bench/merchants-table.mjs); the table
 * scrolls up itself when its page changes, at the click, while the old layout is still current.
 */
const LIST_NAVIGATION = { replace: true, resetScroll: false } as const

/** What the hook needs of a route's `useNavigate()`: a search update, the way every list makes it. */
type ListNavigate<S> = (options: { search: (previous: S) => S } & typeof LIST_NAVIGATION) => Promise<void> | void

/**
 * A list route's `onSearchChange` for its page (`useListSearch`): merges the change into the URL's
 * search with LIST_NAVIGATION. `cleared` names search params any change drops (a one-off marker such as
 * the merchant list's `redirect`, which says why the user landed there and goes with the next step).
 * Keeps its identity while the route's navigate does, so memoised toolbars and pagination stay put.
 */
export function useListNavigation<S extends object>(navigate: ListNavigate<S>, cleared?: NoInfer<Partial<S>>) {
  return useCallback(
    (next: Partial<S>) =>
      void navigate({ search: (previous) => ({ ...previous, ...next, ...cleared }), ...LIST_NAVIGATION }),
    // `cleared` is a constant of the route file (a module-level object), never made per render.
    [navigate, cleared],
  )
}
