import { earlyScope } from '@/lib/early-console'
import { holdEarlyLocaleSwitch } from '../early-locale'
import type { FrameMemory } from '../frame-memory'
import { holdEarlyPresses } from '../early-press'
import { holdEarlySubmits } from '../early-submit'
import { rememberPaletteAsk } from './early-palette'
import { applyFrameMemory } from './frame-memory'
import { applyFrameTabs } from './frame-tabs'
import { applyStoredLayout } from './stored-layout'
import { applyStoredView } from './stored-view'

/**
 * Part of a signed-in page's boot script (the Workplace's, a list's): the stored theme and layout
 * applied to the frame, with what the Workplace drew last for this account (its name and role's menu,
 * the market in scope: src/prerender/frame-memory.ts), the window's open tabs as the bar drew them
 * (./frame-tabs.ts), and a palette asked for before the code arrives.
 * What is done in the frame before its page takes it over stays the page's: a language chosen in its
 * switch, a filter's Enter (the amounts' form), which would otherwise post the frame's form natively
 * and reload (the boxes' text is the page's: src/prerender/typed-before-hydration.ts), and a button
 * pressed (../early-press.ts).
 */
export function paintSignedInFrame(memory: FrameMemory | null): void {
  const view = applyStoredView()
  applyStoredLayout()
  if (memory && memory.locale === view.locale)
    applyFrameMemory(memory, memory.scope === earlyScope(memory, location.search))
  applyFrameTabs(view.locale)
  rememberPaletteAsk()
  holdEarlyLocaleSwitch()
  holdEarlySubmits()
  holdEarlyPresses()
}

/** No session: straight to /login with the way back, as the console's route guard would, without painting the console. */
export function leaveForSignIn(): void {
  document.documentElement.style.display = 'none'
  location.replace(`/login?${new URLSearchParams({ redirect: location.pathname + location.search }).toString()}`)
}

/** A page not for this account (a platform-only page, a market operator's memory): its Workplace, unpainted. */
export function leaveForWorkplace(): void {
  document.documentElement.style.display = 'none'
  location.replace('/dashboard/workplace')
}
