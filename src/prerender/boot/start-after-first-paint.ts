/**
 * Part of a `paintFirst` page's boot script (src/prerender/pages.ts): the page's code starts only once
 * the HTML has painted. As a module script in the HTML it ran as soon as it had arrived, often before
 * the first frame (its files are preloaded and small, a slow phone's evaluation, `router.load()` and
 * hydration are not), so the paint waited for all of it. Its preloads wait in the HTML too
 * (`<template data-after-paint>`, scripts/prerender.mjs): fetched and compiled beside the HTML they held
 * the first paint back. After the paint they all start at once with the entry (`data-entry`), so the
 * code comes without a waterfall of imports.
 *
 * `heldFor` (read at the first paint) holds the code further while the page draws what the visitor
 * came for without it (a list's early rows, ./early-rows.ts: on a throttled phone the code's arrival
 * and compiling took the main thread the rows' paint was waiting for), at most HOLD_MAX_MS.
 */
const HOLD_MAX_MS = 800

/** After the frame that follows now has painted: requestAnimationFrame runs just before it; a task queued from it, after. */
export const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))

/** Once the parser has read the whole HTML (at once when it has). */
export const documentParsed = () =>
  document.readyState === 'loading'
    ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve()

export function startAfterFirstPaint(heldFor: () => Promise<unknown> = () => Promise.resolve()): void {
  // The boot script runs at the top of <body>: the markup to paint (and hydrate) is still to come.
  void documentParsed()
    .then(afterNextPaint)
    .then(() => Promise.race([heldFor(), new Promise((resolve) => setTimeout(resolve, HOLD_MAX_MS))]))
    .then(() => {
      const held = document.querySelector<HTMLTemplateElement>('template[data-after-paint]')
      if (held) document.head.append(held.content)
      const entry = document.querySelector<HTMLLinkElement>('link[data-entry]')
      if (!entry) return
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = entry.href
      document.head.append(script)
    })
}
