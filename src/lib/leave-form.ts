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
  const leaveTo = useLeaveFormTo()
  return () => {
    const here = router.state.location.href
    const origin = takePageOrigin(here)
    const tabs = tabsStore.get().tabs
    leaveTo(origin && origin !== here && tabs.some((tab) => tab.fullPath === origin) ? origin : fallbackHref)
  }
}

/** Leaving a form page for `target` (the record it just registered): its tab closes, the target opens. */
export function useLeaveFormTo(): (target: string) => void {
  const router = useRouter()
  return (target) => {
    const here = router.state.location.href
    const current = tabsStore.get().tabs.find((tab) => tab.fullPath === here)
    if (current && isClosable(current)) closeTabs('self', current, target)
    void router.navigate({ href: target })
  }
}
