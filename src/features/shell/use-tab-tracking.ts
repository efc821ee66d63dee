import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { m } from '@/paraglide/messages'
import { routeTitle } from '@/lib/route-meta'
import { visitPage } from '@/lib/tabs'

/** Feeds the tab bar (every page the user arrives at becomes or selects a tab) and the document title. */
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
      // The browser tab and history say which page this is, in the console's language.
      document.title = `${routeTitle(title)} · ${m.app_title()}`
      replaced = false
    }
    record(null)
    const offResolved = router.subscribe('onResolved', ({ fromLocation }) => record(fromLocation?.href ?? null))
    return () => {
      offHistory()
      offResolved()
    }
  }, [router])
}
