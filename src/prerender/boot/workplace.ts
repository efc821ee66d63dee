import { startWorkplaceRequests } from '@/features/dashboard/early-workplace'
import { leaveForSignIn, paintSignedInFrame } from './signed-in-frame'
import { startAfterFirstPaint } from './start-after-first-paint'

// The Workplace's inline boot script (bundled by scripts/prerender.mjs, allowed by its CSP hash; it
// runs at the top of <body>, before the frame paints). No session: straight to /login with the way
// back, as the console's route guard would send the visitor, without painting the console. Otherwise
// the page's first requests go now (the app takes their answers), and the stored theme and layout are
// applied to the frame, with what the page drew last for this account (its name, role and market).
// The page is `paintFirst`: its code starts once the frame has painted.
const started = startWorkplaceRequests()
if (started) {
  paintSignedInFrame(started.memory)
  startAfterFirstPaint()
} else leaveForSignIn()
