import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, Role, XSRF, type TestApp } from '../helpers/test-app'

/** Headers every answer carries, whoever serves it: assets, documents, API, errors, the API docs. */
let t: TestApp
let untrusting: TestApp
let clientDir: string
const HSTS = 'max-age=31536000; includeSubDomains'

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'ds-client-'))
  mkdirSync(path.join(clientDir, 'assets'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>console</title>')
  writeFileSync(path.join(clientDir, 'assets', 'x.js'), 'console.log(1)')
  t = await createTestApp({ clientDir })
  untrusting = await createTestApp({ trustProxy: 0 })
  await createUser(t.db, { username: 'official', password: 'Official123', role: Role.OFFICIAL })
})
afterAll(async () => {
  await Promise.all([t.close(), untrusting.close()])
  rmSync(clientDir, { recursive: true, force: true })
})

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.request(url, { headers })
const post = (url: string) =>
  t.app.request(url, { method: 'POST', headers: { Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF } })

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['a hashed asset', () => get(t, '/assets/x.js'), 200],
    ['a missing asset', () => get(t, '/assets/gone-1234.js'), 404],
    ['the console document', () => get(t, '/'), 200],
    ['a deep link (history fallback)', () => get(t, '/market/list'), 200],
    ['an API answer', () => get(t, '/api/health'), 200],
    ['an API error', () => post('/api/user/info'), 401],
    ['an unknown API path', () => get(t, '/api/nope'), 404],
    ['an unknown non-API call', () => post('/nope'), 404],
    ['the API docs page', () => get(t, '/api/docs'), 200],
    ['the API docs script', () => get(t, '/api/docs/assets/init.js'), 200],
    ['the OpenAPI document', () => get(t, '/api/openapi.json'), 200],
  ] as const)('is on %s', async (_name, request, status) => {
    const response = await request()
    expect(response.status).toBe(status)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers a missing asset (an older build’s chunk) with a 404 nobody caches, never the document', async () => {
    const missing = await get(t, '/assets/gone-1234.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect(missing.headers.get('content-type')).not.toContain('text/html')
  })

  it('leaves the asset cacheable and the document revalidated, with its policy', async () => {
    expect((await get(t, '/assets/x.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const document = await get(t, '/')
    expect(document.headers.get('cache-control')).toBe('no-cache')
    expect(document.headers.get('content-security-policy')).toContain("default-src 'self'")
  })
})

describe('Cache-Control: no-store on API answers', () => {
  it('is on signed-in answers, on their refusals and on the sign-in answer (it carries a token)', async () => {
    const login = await t.login('official', 'Official123')
    expect(login.headers.get('cache-control')).toBe('no-store')
    const info = await t.call('/api/user/info', { token: login.body.data.token })
    expect(info.body.code).toBe(20000)
    expect(info.headers.get('cache-control')).toBe('no-store')
    expect((await post('/api/user/info')).headers.get('cache-control')).toBe('no-store')
  })

  it('is not on the public documents: health and the API docs', async () => {
    for (const url of ['/api/health', '/api/openapi.json', '/api/docs']) {
      expect((await get(t, url)).headers.get('cache-control'), url).not.toBe('no-store')
    }
  })
})

describe('Strict-Transport-Security', () => {
  it('is on every answer served over HTTPS', async () => {
    for (const url of ['/assets/x.js', '/', '/api/health', '/api/nope']) {
      expect((await get(t, `https://console.example${url}`)).headers.get('strict-transport-security'), url).toBe(HSTS)
    }
  })

  it('is on answers the trusted proxy says it served over HTTPS', async () => {
    expect(
      (await get(t, '/api/health', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security'),
    ).toBe(HSTS)
    expect((await get(t, '/', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBe(HSTS)
  })

  it('is not on plain HTTP, nor when X-Forwarded-Proto comes from an untrusted client', async () => {
    expect((await get(t, '/')).headers.get('strict-transport-security')).toBeNull()
    expect(
      (await get(t, '/api/health', { 'X-Forwarded-Proto': 'http' })).headers.get('strict-transport-security'),
    ).toBeNull()
    expect(
      (await get(untrusting, '/api/health', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security'),
    ).toBeNull()
  })
})
