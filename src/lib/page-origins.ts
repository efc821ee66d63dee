import type { Store } from '@tanstack/store'
import * as v from 'valibot'
import { eachValid, persistedStore } from './persisted-store'

/** Where each page was opened from (its address → the address the user was on), per window. */
const STORAGE_KEY = 'ds-page-origins'
const MAX_ORIGINS = 50

/** [page, origin] pairs, oldest first. */
type Origins = [page: string, origin: string][]

let store: Store<Origins> | null = null

/** Loaded on first use; one window's (a reload finds it, another window has its own). */
const origins = (): Store<Origins> =>
  (store ??= persistedStore({
    key: STORAGE_KEY,
    schema: eachValid(v.tuple([v.string(), v.string()])),
    fallback: [],
    storage: 'sessionStorage',
  }))

type NavigationEvents = {
  subscribe: (
    event: 'onResolved',
    listener: (event: {
      pathChanged: boolean
      fromLocation?: { href: string } | undefined
      toLocation: { href: string }
    }) => void,
  ) => () => void
}

/**
 * Remembers, for each page opened from another one, where the user came from (the first time only:
 * switching back to a form's tab later does not change where it returns to).
 */
export function trackPageOrigins(router: NavigationEvents): () => void {
  return router.subscribe('onResolved', ({ pathChanged, fromLocation, toLocation }) => {
    if (!pathChanged || !fromLocation) return
    origins().setState((all) =>
      all.some(([page]) => page === toLocation.href)
        ? all
        : [...all, [toLocation.href, fromLocation.href] satisfies Origins[number]].slice(-MAX_ORIGINS),
    )
  })
}

/** Where the page at `href` was opened from, forgetting it (the page is being left for good). */
export function takePageOrigin(href: string): string | undefined {
  const found = origins().state.find(([page]) => page === href)
  if (found) origins().setState((all) => all.filter((entry) => entry !== found))
  return found?.[1]
}
