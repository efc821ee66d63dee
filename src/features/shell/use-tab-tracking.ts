import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { visitPage } from '@/lib/tabs'

/** Feeds the tab bar: every page the user arrives at becomes (or selects) a tab. */
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
      visitPage({ name, title: staticData.tabTitle?.(query) ?? name, fullPath: location.href, query }, fromHref, replaced)
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
