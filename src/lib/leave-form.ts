import { useRouter } from '@tanstack/react-router'
import { takePageOrigin } from './page-origins'
import { closeTabs, isClosable, tabsStore } from './tabs'

/**
 * How a form page is left after a save, Cancel or Back: its tab closes and the user returns to the
 * tab they came from, with its search and page as they left them; when that tab is gone, to
 * `fallbackHref` (the area's list), reusing its tab if one is open.
 */
export function useLeaveForm(fallbackHref: string): () => void {
  const router = useRouter()
  return () => {
    const here = router.state.location.href
    const origin = takePageOrigin(here)
    const tabs = tabsStore.get().tabs
    const target = origin && origin !== here && tabs.some((tab) => tab.fullPath === origin) ? origin : fallbackHref
    const current = tabs.find((tab) => tab.fullPath === here)
    if (current && isClosable(current)) closeTabs('self', current, target)
    void router.navigate({ href: target })
  }
}
