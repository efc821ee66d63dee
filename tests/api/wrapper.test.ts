import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('the answer wrapper', () => {
  it('answers unknown /api paths with 40400 in the wrapper', async () => {
    const answer = await t.call('/api/nothing/here', { method: 'GET' })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ code: 40400, msg: 'No such API: /api/nothing/here', data: null, isSuccess: false })
  })

  it('answers malformed JSON with 40000, not a crash', async () => {
    const answer = await t.call('/api/user/login', { rawBody: '{"username": "official", ' })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 40000, msg: 'The request body is not valid JSON', isSuccess: false })
  })

  it('answers in Chinese by default', async () => {
    const answer = await t.call('/api/nothing', { method: 'GET', locale: '' })
    expect(answer.body.msg).toBe('接口不存在：/api/nothing')
  })

  it('refuses a state-changing call without the XSRF header but hands out the cookie', async () => {
    const answer = await t.call('/api/user/login', { body: { username: 'a', password: 'b' }, xsrf: false })
    expect(answer.status).toBe(403)
    expect(answer.body.code).toBe(40300)
    expect(answer.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Strict/)
  })

  it('serves the OpenAPI document with every user route and its answer shape', async () => {
    const response = await t.app.request('/api/openapi.json')
    const doc = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    expect(doc.openapi).toMatch(/^3\./)
    for (const path of [
      '/user/login',
      '/user/info',
      '/user/menu',
      '/user/logout',
      '/user/password',
      '/user/reset/clearpwd',
    ]) {
      expect(doc.paths[path]?.post?.responses?.['200'], path).toBeTruthy()
    }
  })

  it('serves readable API docs without inline scripts', async () => {
    const response = await t.app.request('/api/docs')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('swagger-ui-bundle.js')
    expect(html).not.toMatch(/<script>(?!<\/script>)/)
    const asset = await t.app.request('/api/docs/assets/swagger-ui-bundle.js')
    expect(asset.status).toBe(200)
  })
})

describe('oversized bodies', () => {
  const big = JSON.stringify({ username: 'x'.repeat(300 * 1024), password: 'y' })
  const send = (headers: Record<string, string>) =>
    t.app.request('/api/user/login', {
      method: 'POST',
      body: big,
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': 'en-US',
        Cookie: 'XSRF-TOKEN=x',
        'X-XSRF-TOKEN': 'x',
        ...headers,
      },
    })

  it('refuses a JSON body over 256 KB with 40000, by its declared length', async () => {
    const response = await send({ 'Content-Length': String(big.length) })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 40000, msg: 'The request is too large' })
  })

  it('refuses a chunked body once it passes 256 KB', async () => {
    const response = await send({ 'Transfer-Encoding': 'chunked' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 40000, msg: 'The request is too large' })
  })
})
