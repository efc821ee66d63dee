/**
 * Part of a `paintFirst` page's boot script (src/prerender/pages.ts): the page's code starts only once
 * the HTML has painted. As a module script in the HTML it ran as soon as it had arrived, often before
 * the first frame (its files are preloaded and small, a slow phone's evaluation, `router.load()` and
 * hydration are not), so the paint waited for all of it. The entry's file is preloaded from the HTML
 * meanwhile (`<link rel="modulepreload" data-entry>`), so nothing is fetched later than before.
 */
export function startAfterFirstPaint(): void {
  const start = () =>
    // requestAnimationFrame runs just before the next frame paints; a task queued from it, after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const entry = document.querySelector<HTMLLinkElement>('link[data-entry]')
        if (!entry) return
        const script = document.createElement('script')
        script.type = 'module'
        script.crossOrigin = ''
        script.src = entry.href
        document.head.append(script)
      }),
    )
  // The boot script runs at the top of <body>: the markup to paint (and hydrate) is still to come.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
  else start()
}
