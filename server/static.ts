import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import {
  PRERENDER_INDEX,
  prerenderedFile,
  viewFromCookie,
  VIEW_LOCALES,
  VIEW_THEMES,
  type PrerenderIndex,
  type View,
} from '../contract/prerender-view'
import { localeFromHeader } from './lib/i18n'
import type { AppEnv } from './lib/types'

/** What `npm run build` prerendered (src/prerender/pages.ts), or null for a build without it. */
export function readPrerenderIndex(clientDir: string): PrerenderIndex | null {
  const file = path.join(clientDir, PRERENDER_INDEX)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderIndex) : null
}

/**
 * The view a prerendered page is answered in: the cookie that mirrors the stored language and theme,
 * else (a first visit) the language Accept-Language asks for first, in the light theme.
 */
function chooseView(cookie: string | undefined, acceptLanguage: string | undefined): View {
  const stored = viewFromCookie(cookie)
  return { locale: stored.locale ?? localeFromHeader(acceptLanguage), theme: stored.theme ?? 'light' }
}

type Variant = { html: Buffer; br: Buffer | null; gzip: Buffer | null }

function readVariant(file: string): Variant {
  const optional = (name: string) => (existsSync(name) ? readFileSync(name) : null)
  return { html: readFileSync(file), br: optional(`${file}.br`), gzip: optional(`${file}.gz`) }
}

/** The precompressed copy the caller accepts (build-server.mjs writes .br and .gz beside each file). */
function answerVariant(c: Context<AppEnv>, variant: Variant): Response {
  const accepted = c.req.header('accept-encoding') ?? ''
  const encoding =
    variant.br && /\bbr\b/.test(accepted) ? 'br' : variant.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : null
  // One URL, several documents: no shared cache may hand one visitor's language or theme to another,
  // and the browser asks again each time (a 304 when unchanged).
  c.header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
  c.header('Cache-Control', 'no-cache')
  c.header('Content-Type', 'text/html; charset=UTF-8')
  if (encoding) c.header('Content-Encoding', encoding)
  const body = encoding === 'br' ? variant.br : encoding === 'gzip' ? variant.gzip : variant.html
  return c.body(new Uint8Array(body as Buffer))
}

/**
 * The built console: hashed assets cached for a year, index.html never cached, and every other
 * non-API GET answered with index.html so deep links work (history fallback). Prerendered pages
 * (src/prerender/pages.ts) are answered with their HTML in the visitor's view.
 */
export function clientRoutes(clientDir: string, prerendered: PrerenderIndex | null = readPrerenderIndex(clientDir)) {
  const indexFile = path.join(clientDir, 'index.html')
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null
  const app = new Hono<AppEnv>()
  app.use(
    '/assets/*',
    (c, next) => {
      // Set before the file is served (a header added to a finished response costs a copy); a miss
      // is answered below with its own.
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
      return next()
    },
    serveStatic({ root: clientDir, precompressed: true }),
  )
  // A missing asset (a chunk of an older build, asked for by a page opened before a deploy) is a 404,
  // never index.html: HTML served as a script fails with a MIME error and a blank page.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.text('Not found', 404)
  })
  // The browser's icon is asked for on every page (unhashed, so not immutable): kept a week.
  app.use('/favicon.svg', (c, next) => {
    c.header('Cache-Control', 'public, max-age=604800')
    return next()
  })
  // The build manifest is for bench/, not for browsers; prerendered files are reached by their pages' paths.
  app.get('/manifest.json', (c) => c.notFound())
  app.get('/prerendered/*', (c) => c.notFound())
  for (const page of prerendered?.pages ?? []) {
    const variants = new Map<string, Variant>()
    for (const locale of VIEW_LOCALES)
      for (const theme of VIEW_THEMES) {
        const view = { locale, theme }
        variants.set(`${locale}.${theme}`, readVariant(path.join(clientDir, prerenderedFile(page.file, view))))
      }
    app.get(page.path, (c) => {
      const view = chooseView(c.req.header('cookie'), c.req.header('accept-language'))
      return answerVariant(c, variants.get(`${view.locale}.${view.theme}`) as Variant)
    })
    // The prerendered form posts here when it is submitted before its code runs (login-page.tsx says
    // why): the body is never read, the visitor is sent back to the page.
    app.post(page.path, (c) => {
      const url = new URL(c.req.url)
      return c.redirect(`${url.pathname}${url.search}`, 303)
    })
  }
  app.use('*', serveStatic({ root: clientDir, precompressed: true, index: '__none__' }))
  app.get('*', (c) => {
    if (!indexHtml) return c.text('The console is not built: run npm run build', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
  return app
}
