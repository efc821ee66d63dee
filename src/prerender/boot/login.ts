import { getToken } from '@/lib/session'
import { applyStoredView } from './stored-view'
import { signedInTarget } from './signed-in-target'
import { holdEarlySubmits } from '../early-submit'
import { holdEarlyLocaleSwitch } from '../early-locale'
import { startAfterFirstPaint } from './start-after-first-paint'

// /login's inline boot script (bundled by scripts/prerender.mjs, allowed by its CSP hash). Signed in
// already: go where the login route's beforeLoad would send the user (src/routes/login.tsx), without
// painting the form; otherwise apply the stored theme before the first paint, and hold what the visitor
// does before the code arrives (a sign-in pressed, a language chosen) until it does. The page is
// `paintFirst`: its code starts after the HTML has painted.
if (getToken()) {
  document.documentElement.style.display = 'none'
  location.replace(signedInTarget(location.search))
} else {
  applyStoredView()
  holdEarlySubmits()
  holdEarlyLocaleSwitch()
  startAfterFirstPaint()
}
