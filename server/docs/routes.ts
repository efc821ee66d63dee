import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono } from 'hono'
import { openAPIRouteHandler } from 'hono-openapi'
import type { AppEnv } from '../lib/types'

const require = createRequire(import.meta.url)
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'))
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

// No inline script, so the console's strict Content-Security-Policy holds on this page too.
const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Daily Supply API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`

/** The OpenAPI document (generated from the routes' valibot schemas) and a self-hosted viewer. */
export function docsRoutes(api: Hono<AppEnv>) {
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      openAPIRouteHandler(api, {
        documentation: {
          info: {
            title: 'Daily Supply API',
            version: '1',
            description: 'Every answer is { code, msg, data, isSuccess }; code 20000 is success.',
          },
          servers: [{ url: '/api' }],
          components: {
            securitySchemes: {
              token: { type: 'apiKey', in: 'header', name: 'Authorization' },
              device: { type: 'http', scheme: 'basic', description: 'Device code and secret (docs/device-api.md)' },
            },
          },
        },
      }),
    )
    .get('/docs', (c) => c.html(DOCS_PAGE))
    .get('/docs/assets/init.js', (c) => c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .get('/docs/assets/:file', async (c) => {
      const file = c.req.param('file')
      const type = ASSETS[file]
      if (!type) return c.notFound()
      const body = await readFile(path.join(swaggerDir, file))
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' })
    })
}
