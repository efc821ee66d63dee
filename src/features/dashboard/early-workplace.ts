import { startEarlyConsole } from '@/lib/early-console'
import { startEarly } from '@/lib/early-requests'
import type { FrameMemory } from '@/prerender/frame-memory'

/**
 * What the Workplace's inline boot script starts from the HTML (issue 24): the signed-in account
 * (src/lib/early-console.ts), then today's figures first (the smallest answer and the most looked at)
 * and the other widgets of the first screen. early-workplace.test.ts holds its addresses to the
 * queries' own.
 */

/** The widgets in the Workplace's first screen, in the order their requests go. */
export const FIRST_SCREEN_WIDGETS = ['today', 'daily', 'methods', 'minutes', 'transactions'] as const

export function startWorkplaceRequests(): false | { memory: FrameMemory | null } {
  return startEarlyConsole((market, headers) => {
    const query = market ? `?${new URLSearchParams({ market }).toString()}` : ''
    for (const widget of FIRST_SCREEN_WIDGETS) void startEarly('GET', `/api/dashboard/${widget}${query}`, headers)
  })
}
