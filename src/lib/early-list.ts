import { startEarlyConsole } from './early-console'
import { startEarly, type EarlyAnswer } from './early-requests'
import type { FrameMemory } from '@/prerender/frame-memory'

/**
 * What a prerendered list's inline boot script starts from the HTML (issue 24 §3): the signed-in
 * account (./early-console.ts) and, when the address opens the list as it first shows (no search,
 * filter, sort or page: the menu's link, a reload of it), its first page in the market in scope.
 * `firstPage` is the list's address with its defaults (src/prerender/pages.ts `firstPage`, put on
 * `<html data-first-page>` at build); any other address waits for the app, which knows the list's
 * schema. src/prerender/first-pages.test.ts holds every list's address to the app's own request.
 */

/** The address names nothing but, at most, the market. */
const opensAsFirstShown = (search: string) => [...new URLSearchParams(search).keys()].every((key) => key === 'market')

/**
 * What a list's boot script does with its first page's answer while the frame waits
 * (src/prerender/boot/early-rows.ts); settles when done.
 */
export type FirstPageSeen = (answer: Promise<EarlyAnswer | null>, market: string | null) => Promise<void>

export function startEarlyList(
  firstPage: string | undefined,
  onFirstPage?: FirstPageSeen,
): false | { memory: FrameMemory | null } {
  const firstShown = firstPage !== undefined && opensAsFirstShown(location.search)
  return startEarlyConsole((market, headers) => {
    if (!firstShown) return
    const scope = market ? `&${new URLSearchParams({ market }).toString()}` : ''
    const answer = startEarly('GET', `${firstPage}${scope}`, headers)
    void onFirstPage?.(answer, market)
  })
}
