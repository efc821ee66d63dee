import { startEarlyList, type FirstPageSeen } from '@/lib/early-list'
import { readFrameMemory } from '../frame-memory'
import { leaveForSignIn, leaveForWorkplace, paintSignedInFrame } from './signed-in-frame'
import { startAfterFirstPaint } from './start-after-first-paint'

// What the inline boot script of a prerendered console page other than the Workplace (a list:
// src/prerender/pages.ts) does. It runs at the top of <body>, before the frame paints: no session, straight
// to /login; otherwise the account's request and the list's first page go now (the app takes their
// answers), and the stored theme and layout are applied, with what the Workplace drew last for this account.
// The page is `paintFirst`: its code starts once the frame has painted; what is typed or chosen in the
// frame meanwhile is the page's at the takeover (src/prerender/typed-before-hydration.ts).
// `onFirstPage` gets the first page's answer as it comes (a list that draws its rows before its code
// runs: ./early-rows.ts); the code waits for it when it was asked for before the first paint.
export function bootListPage(onFirstPage?: FirstPageSeen): void {
  const root = document.documentElement
  let token: string | null = null
  try {
    token = localStorage.getItem('token')
  } catch {
    token = null
  }
  // A platform-only page (src/prerender/pages.ts `platformOnly`) for an account remembered as a market
  // operator's: its route guard would send them to the Workplace; go before the platform's frame paints.
  if (token && readFrameMemory(token)?.variant && root.hasAttribute('data-platform-only')) return leaveForWorkplace()
  let firstPageSeen: Promise<void> = Promise.resolve()
  const started = startEarlyList(
    root.dataset.firstPage,
    onFirstPage && ((answer, market) => (firstPageSeen = onFirstPage(answer, market))),
  )
  if (!started) return leaveForSignIn()
  paintSignedInFrame(started.memory)
  startAfterFirstPaint(() => firstPageSeen)
}
