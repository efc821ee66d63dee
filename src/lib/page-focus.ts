/** How long a new page has to show its heading (its chunk and skeleton may come first). */
const WAIT_MS = 3_000

/**
 * Where focus stays put on a navigation: the user is working there (the tab bar's arrow keys, a
 * field being typed in, an open dialog or menu).
 */
function keepsFocus(active: Element | null): boolean {
  if (!active || active === document.body) return false
  return (
    active.closest('[data-testid="tab-bar"], [role="dialog"], [role="alertdialog"], [role="menu"]') !== null ||
    active.matches('input, textarea, select, [contenteditable="true"]')
  )
}

/**
 * After a navigation to another page, focus moves to the new page's heading (h1), so a screen reader
 * announces where the user is and Tab continues from the page, not from the link left behind
 * (WCAG 2.4.3). Answers how to stop waiting for a heading that has not shown yet.
 */
export function focusPageHeading(root: ParentNode = document): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const started = Date.now()
  const attempt = () => {
    if (stopped || keepsFocus(document.activeElement)) return
    const heading = root.querySelector<HTMLElement>('main h1')
    if (!heading) {
      if (Date.now() - started < WAIT_MS) timer = setTimeout(attempt, 50)
      return
    }
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }
  timer = setTimeout(attempt, 0)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

type NavigationEvents = {
  subscribe: (
    event: 'onResolved',
    listener: (event: { pathChanged: boolean; toLocation: { pathname: string } }) => void,
  ) => () => void
}

/** Moves focus to each new page's heading; filters and paging (same path) leave focus where it is. */
export function followNavigationWithFocus(router: NavigationEvents): () => void {
  let cancel: (() => void) | null = null
  return router.subscribe('onResolved', ({ pathChanged, toLocation }) => {
    if (!pathChanged || toLocation.pathname.startsWith('/login')) return
    cancel?.()
    cancel = focusPageHeading()
  })
}
