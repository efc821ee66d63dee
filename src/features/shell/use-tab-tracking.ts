import { useEffect } from 'react'
import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { routeTitle } from '@/lib/route-meta'
import { rememberWindowTabs, tabsStore, visitPage } from '@/lib/tabs'
import { labelsOf } from './tab-labels'

/** The history entry's position: a push moves it on, a replace (filters, redirects) keeps it. */
const entryIndex = (location: ParsedLocation) => (location.state as { __TSR_index?: number }).__TSR_index ?? 0

/**
 * Feeds the tab bar (every page the user arrived at becomes or selects a tab) and the document title,
 * and leaves this window's tabs for the next new window when it closes.
 */
export function useTabTracking(): void {
  const router = useRouter()
  useEffect(() => {
    let replaced = false
    const offHistory = router.history.subscribe(({ action }) => {
      replaced = action.type === 'REPLACE'
    })
    const record = (fromHref: string | null) => {
      const matches = router.state.matches
      const staticData = matches[matches.length - 1]?.staticData
      const name = staticData?.name
      if (!name) return
      const location = router.state.location
      const query = location.search as Record<string, unknown>
      const title = staticData.tabTitle?.(query) ?? name
      visitPage({ name, title, fullPath: location.href, query }, fromHref, replaced)
      // The browser tab and history say which page this is, as its tab does, in the console's language.
      const label = labelsOf(tabsStore.get().tabs).get(location.href) ?? routeTitle(title)
      document.title = `${label} · ${m.app_title()}`
      replaced = false
    }
    // A page the user opened and left (a menu click) before it loaded never resolves; it is still a
    // page they went to, so it gets its tab when the next page is pushed. Redirects replace, so a
    // guard's refusal never becomes a tab this way.
    let loading: { location: ParsedLocation; from: ParsedLocation | undefined } | null = null
    const offBeforeLoad = router.subscribe('onBeforeLoad', ({ fromLocation, toLocation }) => {
      const left = loading
      loading = { location: toLocation, from: fromLocation }
      if (!left || left.location.href === toLocation.href) return
      if (entryIndex(toLocation) <= entryIndex(left.location)) return
      const staticData = router.matchRoutes(left.location).at(-1)?.staticData
      if (!staticData?.name) return
      const query = left.location.search as Record<string, unknown>
      visitPage(
        {
          name: staticData.name,
          title: staticData.tabTitle?.(query) ?? staticData.name,
          fullPath: left.location.href,
          query,
        },
        left.from?.href ?? null,
        left.from !== undefined && entryIndex(left.location) === entryIndex(left.from),
      )
    })
    record(null)
    const offResolved = router.subscribe('onResolved', ({ fromLocation }) => {
      loading = null
      record(fromLocation?.href ?? null)
    })
    window.addEventListener('pagehide', rememberWindowTabs)
    return () => {
      offHistory()
      offBeforeLoad()
      offResolved()
      window.removeEventListener('pagehide', rememberWindowTabs)
    }
  }, [router])
}
