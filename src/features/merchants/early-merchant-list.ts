import { startEarlyConsole } from '@/lib/early-console'
import { startEarly } from '@/lib/early-requests'
import type { FrameMemory } from '@/prerender/frame-memory'

/**
 * What the merchant list's inline boot script starts from the HTML (issue 24 §3): the signed-in
 * account (src/lib/early-console.ts) and, when the address opens the list as it first shows (no search,
 * filter, sort or page: the menu's link, a reload of it), its first page in the market in scope. Any
 * other address waits for the app, which knows its schema. early-merchant-list.test.ts holds the
 * address to the list query's own.
 */

/** The list's defaults as its query sends them (contract/merchant-list.ts, contract/list.ts). */
const FIRST_PAGE_QUERY = 'page=1&pageSize=20&sort=createdAt&order=desc'

/** The address names nothing but, at most, the market. */
const opensAsFirstShown = (search: string) => [...new URLSearchParams(search).keys()].every((key) => key === 'market')

export function startMerchantListRequests(): false | { memory: FrameMemory | null } {
  const firstShown = opensAsFirstShown(location.search)
  return startEarlyConsole((market, headers) => {
    if (!firstShown) return
    const scope = market ? `&${new URLSearchParams({ market }).toString()}` : ''
    void startEarly('GET', `/api/merchants?${FIRST_PAGE_QUERY}${scope}`, headers)
  })
}
