import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { overwriteGetLocale } from '@/paraglide/runtime'
import { createConsoleRouter } from '@/router'
import { existingQueryClient } from '@/lib/query-client-lazy'
import type { ViewLocale } from '@contract/prerender-view'
import type { PrerenderedPage } from './pages'

export { PRERENDERED_PAGES } from './pages'
export { earlyWordsScript } from './early-words'
export { VIEW_LOCALES, VIEW_THEMES, PRERENDER_INDEX, prerenderedFile } from '@contract/prerender-view'

// The router's browser build registers itself on `self` (for devtools).
Object.defineProperty(globalThis, 'self', { configurable: true, value: globalThis })

/** Node has no localStorage: the page's own (`storage`), fresh for each render. */
const storage = new Map<string, string>()
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
    key: (index: number) => [...storage.keys()][index] ?? null,
    get length() {
      return storage.size
    },
  } satisfies Storage,
})

/**
 * The markup of #root for `page` in `locale`: the real route tree at the page's path, rendered by the
 * same components and the same router as src/main.tsx's first render, so the browser hydrates it as
 * it is; `answers` draws one of the page's `variants`. Built for Node with the browser builds of the libraries (vite.config.ts), which is what makes
 * TanStack Router draw its client tree (no SSR data to dehydrate or pick up).
 */
export async function renderPage(
  page: PrerenderedPage,
  locale: ViewLocale,
  answers: Record<string, unknown> = page.answers ?? {},
): Promise<string> {
  storage.clear()
  // The console's one query client outlives a render: another account's answers must not be cached.
  existingQueryClient()?.clear()
  for (const [key, value] of Object.entries(page.storage ?? {})) storage.set(key, value)
  storage.set('locale', locale)
  overwriteGetLocale(() => locale)
  // The page's route guards read these answers; any other call waits forever (the loading state is drawn).
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    if (!(key in answers)) return new Promise<Response>(() => {})
    const body = JSON.stringify({ code: 20000, msg: 'ok', data: answers[key], isSuccess: true })
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }))
  }
  const router = createConsoleRouter({ history: createMemoryHistory({ initialEntries: [page.path] }) })
  await router.load()
  if (router.state.location.pathname !== page.path)
    throw new Error(`prerendering ${page.path} ended on ${router.state.location.pathname} (a guard redirected)`)
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

/** The words `page`'s boot script says, in `locale` (pages.ts `earlyWords`), or undefined. */
export function earlyWordsOf(page: PrerenderedPage, locale: ViewLocale): unknown {
  if (!page.earlyWords) return undefined
  overwriteGetLocale(() => locale)
  return page.earlyWords()
}
