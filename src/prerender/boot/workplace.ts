import { earlyScope, startWorkplaceRequests } from '@/features/dashboard/early-workplace'
import { rememberPaletteAsk } from './early-palette'
import { applyFrameMemory } from './frame-memory'
import { applyStoredLayout } from './stored-layout'
import { applyStoredView } from './stored-view'

// The Workplace's inline boot script (bundled by scripts/prerender.mjs, allowed by its CSP hash; it
// runs at the top of <body>, before the frame paints). No session: straight to /login with the way
// back, as the console's route guard would send the visitor, without painting the console. Otherwise
// the page's first requests go now (the app takes their answers), and the stored theme and layout are
// applied to the frame, with what the page drew last for this account (its name, role and market).
const started = startWorkplaceRequests()
if (started) {
  const view = applyStoredView()
  applyStoredLayout()
  const { memory } = started
  if (memory && memory.locale === view.locale)
    applyFrameMemory(memory, memory.scope === earlyScope(memory, location.search))
  rememberPaletteAsk()
} else {
  document.documentElement.style.display = 'none'
  location.replace(`/login?${new URLSearchParams({ redirect: location.pathname + location.search }).toString()}`)
}
