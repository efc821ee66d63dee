/** Where each page was opened from (its address → the address the user was on), per window. */
const STORAGE_KEY = 'ds-page-origins'
const MAX_ORIGINS = 50

let origins: Map<string, string> | null = null

function load(): Map<string, string> {
  if (origins) return origins
  origins = new Map()
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    if (Array.isArray(stored))
      for (const entry of stored as unknown[])
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
          origins.set(entry[0], entry[1])
  } catch {
    // Unreadable: forms fall back to their list.
  }
  return origins
}

function save(all: Map<string, string>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...all]))
  } catch {
    // Full or refused storage: kept in memory only.
  }
}

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
    const all = load()
    if (all.has(toLocation.href)) return
    all.set(toLocation.href, fromLocation.href)
    while (all.size > MAX_ORIGINS) all.delete(all.keys().next().value as string)
    save(all)
  })
}

/** Where the page at `href` was opened from, forgetting it (the page is being left for good). */
export function takePageOrigin(href: string): string | undefined {
  const all = load()
  const origin = all.get(href)
  if (all.delete(href)) save(all)
  return origin
}
