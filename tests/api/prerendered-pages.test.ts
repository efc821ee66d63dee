import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { PRERENDER_INDEX, prerenderedFile, VIEW_LOCALES, VIEW_THEMES } from '@contract/prerender-view'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** A prerendered page (src/prerender/pages.ts) answered in the visitor's view (server/static.ts). */
let t: TestApp
let clientDir: string
const HASH = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg='

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'ds-prerendered-'))
  mkdirSync(path.join(clientDir, 'prerendered'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>')
  for (const locale of VIEW_LOCALES)
    for (const theme of VIEW_THEMES) {
      const file = path.join(clientDir, prerenderedFile('login', { locale, theme }))
      const html = `<!doctype html><html lang="${locale}"><body data-view="${locale}.${theme}"></body></html>`
      writeFileSync(file, html)
      writeFileSync(`${file}.gz`, gzipSync(html))
    }
  writeFileSync(
    path.join(clientDir, PRERENDER_INDEX),
    JSON.stringify({ pages: [{ path: '/login', file: 'login' }], scriptHashes: [HASH] }),
  )
  t = await createTestApp({ clientDir })
})
afterAll(async () => {
  await t.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const view = async (headers: Record<string, string>) => {
  const answer = await t.app.request('/login', { headers })
  expect(answer.status).toBe(200)
  return /data-view="([^"]+)"/.exec(await answer.text())?.[1]
}

describe('GET /login answers the prerendered page in the visitor view', () => {
  it('follows the console-view cookie, language and theme', async () => {
    await expect(view({ cookie: 'console-view=en-US.dark' })).resolves.toBe('en-US.dark')
    await expect(view({ cookie: 'a=1; console-view=zh-CN.dark; b=2', 'accept-language': 'en-US' })).resolves.toBe(
      'zh-CN.dark',
    )
  })

  it('takes the language from Accept-Language on a first visit, in the light theme', async () => {
    await expect(view({ 'accept-language': 'en-GB,en;q=0.9' })).resolves.toBe('en-US.light')
    await expect(view({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).resolves.toBe('zh-CN.light')
  })

  it('defaults to zh-CN light, and ignores a damaged cookie part by part', async () => {
    await expect(view({})).resolves.toBe('zh-CN.light')
    await expect(view({ cookie: 'console-view=fr-FR.dark' })).resolves.toBe('zh-CN.dark')
    await expect(view({ cookie: 'console-view=en-US.sepia' })).resolves.toBe('en-US.light')
    await expect(view({ cookie: 'console-view=%%%;;' })).resolves.toBe('zh-CN.light')
  })

  it('is never cached across cookies or languages, and is sent compressed when accepted', async () => {
    const answer = await t.app.request('/login?redirect=%2Fmarket', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(answer.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(answer.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    // No .br was built here: gzip it is.
    expect(answer.headers.get('content-encoding')).toBe('gzip')
  })

  it('allows the build hashes of its inline scripts in the CSP, never unsafe-inline', async () => {
    const answer = await t.app.request('/login')
    const scriptSrc = /script-src ([^;]+)/.exec(answer.headers.get('content-security-policy') ?? '')?.[1] ?? ''
    expect(scriptSrc.split(' ')).toContain(`'sha256-${HASH}'`)
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  it('keeps the history fallback for other pages, and the prerendered files out of reach by name', async () => {
    await expect((await t.app.request('/market')).text()).resolves.toContain('<div id="root"></div>')
    expect((await t.app.request('/prerendered/login.en-US.dark.html')).status).toBe(404)
    expect((await t.app.request('/prerendered/index.json')).status).toBe(404)
  })
})

describe('POST /login (the prerendered form submitted before its code ran)', () => {
  it('sends the visitor back to the page with a 303, the password in no address', async () => {
    const answer = await t.app.request('/login?redirect=%2Fmarket', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=official&password=Official123',
    })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/login?redirect=%2Fmarket')
    expect(await answer.text()).not.toContain('Official123')
  })
})
