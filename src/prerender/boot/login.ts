import { getToken } from '@/lib/session'
import { applyStoredView } from './stored-view'
import { signedInTarget } from './signed-in-target'

// /login's inline boot script (bundled by scripts/prerender.mjs, allowed by its CSP hash). Signed in
// already: go where the login route's beforeLoad would send the user (src/routes/login.tsx), without
// painting the form; otherwise apply the stored theme before the first paint.
if (getToken()) {
  document.documentElement.style.display = 'none'
  location.replace(signedInTarget(location.search))
} else {
  applyStoredView()
}
