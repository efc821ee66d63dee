import { getToken } from '@/lib/session'
import { applyStoredView } from './stored-view'
import { signedInTarget } from './signed-in-target'
import { holdEarlySubmits } from '../typed-before-hydration'

// /login's inline boot script (bundled by scripts/prerender.mjs, allowed by its CSP hash). Signed in
// already: go where the login route's beforeLoad would send the user (src/routes/login.tsx), without
// painting the form; otherwise apply the stored theme before the first paint, and hold a sign-in pressed
// before the code arrives until it does.
if (getToken()) {
  document.documentElement.style.display = 'none'
  location.replace(signedInTarget(location.search))
} else {
  applyStoredView()
  holdEarlySubmits()
}
