/**
 * The view a prerendered page is drawn in: its language and its theme. The browser keeps both in
 * localStorage (`locale`, `settings.theme`); a cookie mirrors them so the server can answer the HTML
 * drawn in them (server/static.ts). Pure: read by the browser, the boot scripts and the server alike.
 */
export const VIEW_LOCALES = ['zh-CN', 'en-US'] as const
export const VIEW_THEMES = ['light', 'dark'] as const
export type ViewLocale = (typeof VIEW_LOCALES)[number]
export type ViewTheme = (typeof VIEW_THEMES)[number]
export type View = { locale: ViewLocale; theme: ViewTheme }

/** Readable by scripts (not HttpOnly): it holds two preferences, nothing secret. */
export const VIEW_COOKIE = 'console-view'

const isLocale = (value: unknown): value is ViewLocale => VIEW_LOCALES.includes(value as ViewLocale)
const isTheme = (value: unknown): value is ViewTheme => VIEW_THEMES.includes(value as ViewTheme)

/** `Set-Cookie`/`document.cookie` text: a year and more, the whole site, sent on top-level navigations. */
export function viewCookie(view: View): string {
  return `${VIEW_COOKIE}=${view.locale}.${view.theme}; Path=/; Max-Age=34560000; SameSite=Lax`
}

/** The view a Cookie header names, or what of it is valid (a damaged value is ignored, never an error). */
export function viewFromCookie(header: string | undefined): Partial<View> {
  const part = header
    ?.split(';')
    .map((item) => item.trim())
    .find((item) => item.startsWith(`${VIEW_COOKIE}=`))
  const [locale, theme] = (part?.slice(VIEW_COOKIE.length + 1) ?? '').split('.')
  return { ...(isLocale(locale) ? { locale } : {}), ...(isTheme(theme) ? { theme } : {}) }
}

/** Where a prerendered page's HTML is, under dist/client: one file per language and theme. */
export function prerenderedFile(file: string, view: View): string {
  return `prerendered/${file}.${view.locale}.${view.theme}.html`
}

/** What scripts/prerender.mjs writes beside the pages (dist/client/prerendered/index.json), for the server. */
export type PrerenderIndex = {
  pages: { path: string; file: string }[]
  /** Base64 SHA-256 of every inline script the pages hold, for the CSP's script-src. */
  scriptHashes: string[]
}
export const PRERENDER_INDEX = 'prerendered/index.json'
