import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv } from './lib/types'

/**
 * The built console: hashed assets cached for a year, index.html never cached, and every other
 * non-API GET answered with index.html so deep links work (history fallback).
 */
export function clientRoutes(clientDir: string) {
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
  // The build manifest is for bench/, not for browsers.
  app.get('/manifest.json', (c) => c.notFound())
  app.use('*', serveStatic({ root: clientDir, precompressed: true, index: '__none__' }))
  app.get('*', (c) => {
    if (!indexHtml) return c.text('The console is not built: run npm run build', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
  return app
}
