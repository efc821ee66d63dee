import { getLocale } from '@/paraglide/runtime'
import { viewCookie, type ViewTheme } from '@contract/prerender-view'

/**
 * Mirrors the stored language and theme into the `console-view` cookie (contract/prerender-view.ts), so
 * the server answers a prerendered page (/login) already drawn in them. Written whenever either
 * changes (src/lib/settings.ts, src/lib/locale.ts) and at start-up.
 */
export function writeViewCookie(theme: ViewTheme, locale = getLocale()): void {
  if (typeof document === 'undefined') return
  document.cookie = viewCookie({ locale, theme })
}
