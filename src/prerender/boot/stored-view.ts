import { VIEW_LOCALES, viewCookie, type View, type ViewLocale } from '@contract/prerender-view'

/**
 * Part of every prerendered page's inline boot script (it runs at the top of <body>, before the markup
 * is parsed, so before the first paint): applies the theme stored in localStorage to the body, the way
 * src/lib/theme.ts does, and refreshes the cookie that mirrors the stored view, so the next request for
 * the page gets the HTML in the stored language at once. Answers the view it applied.
 */
export function applyStoredView(): View {
  const settings = parseStored(readStored('settings')) as { theme?: unknown; colorWeak?: unknown } | null
  // paraglide stores the locale as plain text, not JSON.
  const stored = readStored('locale')
  const body = document.body
  const theme = settings?.theme === 'dark' ? 'dark' : 'light'
  if (theme === 'dark') body.setAttribute('data-theme', 'dark')
  else body.removeAttribute('data-theme')
  body.classList.toggle('color-weak', settings?.colorWeak === true)
  // No stored language yet: the one served (chosen from Accept-Language) is the visitor's.
  const served = document.documentElement.lang as ViewLocale
  const locale = VIEW_LOCALES.includes(stored as ViewLocale) ? (stored as ViewLocale) : served
  document.cookie = viewCookie({ locale, theme })
  return { locale, theme }
}

/** A stored value, or null: no storage (disabled) or nothing there. */
function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function parseStored(raw: string | null): unknown {
  try {
    return raw === null ? null : (JSON.parse(raw) as unknown)
  } catch {
    return null
  }
}
