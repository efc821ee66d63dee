import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { getLocale, isLocale, setLocale } from '@/paraglide/runtime'
import { settingsStore } from '@/lib/settings'
import { applyDocumentSettings } from '@/lib/theme'
import { followNavigationWithFocus } from '@/lib/page-focus'
import { trackPageOrigins } from '@/lib/page-origins'
import { writeViewCookie } from '@/lib/view-cookie'
import { markPageLive } from '@/prerender/early-submit'
import { rememberTypedValues } from '@/prerender/typed-before-hydration'
import { loadRouteChunksEarly } from '@/features/shell/early-route-chunks'
import { createConsoleRouter } from './router'
import './styles/app.css'

const root = document.getElementById('root') as HTMLElement
// A prerendered page (src/prerender/pages.ts) says which path it drew, in the language of <html lang>.
const prerendered = root.dataset.prerendered
const servedLocale = document.documentElement.lang
// A first visit has no stored language: the one the server chose from Accept-Language is the visitor's.
if (prerendered && isLocale(servedLocale) && readStoredLocale() === null)
  void setLocale(servedLocale, { reload: false })

// Theme and language are on the document before the first paint.
applyDocumentSettings(settingsStore.get())
document.documentElement.lang = getLocale()
writeViewCookie(settingsStore.get().theme)

const router = createConsoleRouter()
followNavigationWithFocus(router)
loadRouteChunksEarly(router)
trackPageOrigins(router)

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

// The markup is hydrated in place (nothing redrawn, typed values and focus kept) when it is the page
// this URL shows, in the stored language; otherwise (another page, the other language, a guard that
// redirects) it is drawn afresh. The route is loaded first so the first render is the page itself, as
// prerendered, not its pending state.
// A frame to take over (a signed-in page, src/prerender/pages.ts `takeover`) is replaced by the page
// drawn afresh, once its route has loaded: one commit from the frame to the page, never a blank between.
if (prerendered === location.pathname && root.dataset.takeover !== undefined) {
  void router.load().then(() => {
    // A list's search typed and filters chosen in the frame: the page's fields take them
    // (prerender/typed-before-hydration.ts). Read and replaced in one task (flushSync): a key typed
    // between the two would be lost with the frame.
    rememberTypedValues(root)
    flushSync(() => createRoot(root).render(app))
    markPageLive()
    // A button pressed in the frame is pressed on the page (prerender/early-press.ts, loaded only then).
    if (document.documentElement.dataset.earlyPress !== undefined)
      void import('@/prerender/early-press').then(({ pressEarlyPress }) => pressEarlyPress(root))
  })
} else if (prerendered === location.pathname && servedLocale === getLocale()) {
  void router.load().then(() => {
    if (router.state.location.pathname !== prerendered) return createRoot(root).render(app)
    rememberTypedValues(root)
    hydrateRoot(root, app)
  })
} else {
  createRoot(root).render(app)
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem('locale')
  } catch {
    return null
  }
}
