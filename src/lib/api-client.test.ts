import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, ApiRequestError } from './api-client'

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('apiRequest', () => {
  it('sends the token, the XSRF header and the locale, and unwraps data', async () => {
    localStorage.setItem('token', 'tok')
    document.cookie = 'XSRF-TOKEN=abc'
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { code: 20000, msg: 'ok', data: { a: 1 }, isSuccess: true }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest('/user/info')).resolves.toEqual({ a: 1 })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/user/info')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ Authorization: 'tok', 'X-XSRF-TOKEN': 'abc', 'Accept-Language': 'zh-CN' })
  })

  it('rejects with the server code and message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { code: 1001, msg: 'expired', data: null, isSuccess: false })))
    const error = await apiRequest('/user/info').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ code: 1001, message: 'expired', status: 401 })
  })

  it('turns a non-JSON answer into an HTTP transport failure with its status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(apiRequest('/user/info')).rejects.toMatchObject({ code: 0, status: 502, transport: 'http' })
  })

  it('tells a network failure from an aborted request', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(apiRequest('/x')).rejects.toMatchObject({ transport: 'network' })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')))
    await expect(apiRequest('/x')).rejects.toMatchObject({ transport: 'aborted' })
  })
})
