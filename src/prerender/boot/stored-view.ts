import { VIEW_LOCALES, viewCookie, type View, type ViewLocale } from '@contract/prerender-view'

/**
 * Part of every prerendered page's inline boot script (it runs at the top of <body>, before the markup
 * is parsed, so before the first paint): applies the theme stored in localStorage to the body, the way
 * src/lib/theme.ts does, and refreshes the cookie that mirrors the stored view, so the next request for
 * the page gets the HTML in the stored language at once. Answers the view it applied.
 */
export function applyStoredView(): View {
  const settings = parseStored(readStored('settings')) as {
    theme?: unknown
    colorWeak?: unknown
    themeColor?: unknown
  } | null
  // paraglide stores the locale as plain text, not JSON.
  const stored = readStored('locale')
  const body = document.body
  const theme = settings?.theme === 'dark' ? 'dark' : 'light'
  if (theme === 'dark') body.setAttribute('data-theme', 'dark')
  else body.removeAttribute('data-theme')
  body.classList.toggle('color-weak', settings?.colorWeak === true)
  applyStoredPalette(settings?.themeColor, theme)
  // No stored language yet: the one served (chosen from Accept-Language) is the visitor's.
  const served = document.documentElement.lang as ViewLocale
  const locale = VIEW_LOCALES.includes(stored as ViewLocale) ? (stored as ViewLocale) : served
  document.cookie = viewCookie({ locale, theme })
  return { locale, theme }
}

/**
 * A theme colour other than the default: the palette src/lib/theme.ts generated for it and keeps under
 * `theme-palette` (`{ key: "<colour>|<theme>", list: ten colours }`), set as the same CSS variables on
 * the body, so the frame paints in the user's colour and nothing changes colour at takeover. No kept
 * palette for this colour and theme (a first visit after changing it): the default's, as the app's
 * first frame would show until it has generated one.
 */
function applyStoredPalette(themeColor: unknown, theme: 'light' | 'dark'): void {
  if (typeof themeColor !== 'string') return
  const kept = parseStored(readStored('theme-palette')) as { key?: unknown; list?: unknown } | null
  const list = kept?.list
  if (kept?.key !== `${themeColor.toLowerCase()}|${theme}` || !Array.isArray(list) || list.length !== 10) return
  list.forEach((value, index) => {
    if (typeof value === 'string' && HEX_COLOUR.test(value))
      document.body.style.setProperty(`--primary-${index + 1}`, value)
  })
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

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
