import { useEffect } from 'react'
import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { getToken } from '@/lib/session'
import type { Locale } from '@/lib/locale'
import { accountMark, writeFrameMemory, type FrameMemory } from '@/prerender/frame-memory'
import type { Scope } from './queries'

/** The Workplace frame's elements whose words are the account's (src/prerender/frame-memory.ts). */
const FRAME_TEXTS = ['[data-frame-text="welcome"]', '[data-testid="user-menu"] > span'] as const
/** …and those that name the market in scope. */
const FRAME_SCOPE_TEXTS = ['[data-testid="market-scope"]', '[data-testid="market-switcher"] > span'] as const

/** Each element's text nodes; an element holding more than text is left as the frame draws it. */
function textsOf(selectors: readonly string[]): Record<string, string[]> {
  const texts: Record<string, string[]> = {}
  for (const selector of selectors) {
    const nodes = [...(document.querySelector(selector)?.childNodes ?? [])]
    if (nodes.length > 0 && nodes.every((node) => node instanceof Text))
      texts[selector] = nodes.map((node) => node.data)
  }
  return texts
}

let lastWritten = ''

/**
 * Keeps what the Workplace drew (its words for this account, the role's frame variant, the market)
 * for the next visit's prerendered frame: after every draw of the page, and when the tab is left (a
 * reload), since a market's name may arrive after the page's own draw. Written only when it changed.
 */
export function useRememberFrame(user: UserInfo, market: Scope, locale: Locale): void {
  useEffect(() => {
    const remember = () => {
      const token = getToken()
      if (!token) return
      const memory: FrameMemory = {
        account: accountMark(token),
        locale,
        role: user.role,
        marketId: user.marketId,
        scope: market,
        // The names of src/prerender/pages.ts' `variants`.
        variant: user.role === Role.MARKET ? 'market' : null,
        texts: textsOf(FRAME_TEXTS),
        scopeTexts: textsOf(FRAME_SCOPE_TEXTS),
      }
      const serialized = JSON.stringify(memory)
      if (serialized === lastWritten) return
      lastWritten = serialized
      writeFrameMemory(memory)
    }
    remember()
    window.addEventListener('pagehide', remember)
    // Not on unmount: the page's elements are gone by then.
    return () => window.removeEventListener('pagehide', remember)
  })
}
