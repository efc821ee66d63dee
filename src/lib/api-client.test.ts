import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiRequestError, apiUrl } from './api-client'

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('api', () => {
  it('sends the token, the XSRF header and the locale, and unwraps data', async () => {
    localStorage.setItem('token', 'tok')
    document.cookie = 'XSRF-TOKEN=abc'
    const fetchMock = vi
      .fn()
      .mockResolvedValue(answer(200, { code: 20000, msg: 'ok', data: { a: 1 }, isSuccess: true }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(api('/user/info', '$post')).resolves.toEqual({ a: 1 })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/user/info')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ Authorization: 'tok', 'X-XSRF-TOKEN': 'abc', 'Accept-Language': 'zh-CN' })
  })

  it('rejects with the server code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(401, { code: 1001, msg: 'expired', data: null, isSuccess: false })),
    )
    const error = await api('/user/info', '$post').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ code: 1001, message: 'expired', status: 401 })
  })

  it('turns a non-JSON answer into an HTTP transport failure with its status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(api('/user/info', '$post')).rejects.toMatchObject({ code: 0, status: 502, transport: 'http' })
  })

  it('tells a network failure from an aborted request', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api('/health', '$get')).rejects.toMatchObject({ transport: 'network' })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')))
    await expect(api('/health', '$get')).rejects.toMatchObject({ transport: 'aborted' })
  })

  it('an answer cut off while its body is read (the page left) is a transport failure, not an empty answer', async () => {
    const cutOff = (error: Error) => ({ status: 200, text: () => Promise.reject(error) }) as unknown as Response
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(cutOff(new DOMException('aborted', 'AbortError'))))
    await expect(api('/user/info', '$post')).rejects.toMatchObject({ code: 0, transport: 'aborted' })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(cutOff(new TypeError('network error'))))
    await expect(api('/user/info', '$post')).rejects.toMatchObject({ code: 0, transport: 'network' })
  })

  it('fills path params, sends query values as text (skipping empty ones) and the body as JSON', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementation(() => Promise.resolve(answer(200, { code: 20000, msg: 'ok', data: null, isSuccess: true })))
    vi.stubGlobal('fetch', fetchMock)
    await api('/markets', '$get', { query: { page: 2, q: '', status: '2' } })
    await api('/markets/:id', '$put', { param: { id: 'a/b' }, json: { name: 'x' } as never })
    const [[listUrl, listInit], [putUrl, putInit]] = fetchMock.mock.calls as [
      [string, RequestInit],
      [string, RequestInit],
    ]
    expect(listUrl).toBe('/api/markets?page=2&status=2')
    expect(listInit?.method).toBe('GET')
    expect(listInit?.body).toBeUndefined()
    expect(putUrl).toBe('/api/markets/a%2Fb')
    expect(putInit?.method).toBe('PUT')
    expect(putInit?.body).toBe('{"name":"x"}')
  })
})

// Compile-time checks (tsc runs over tests): the server's routes type every call.
export function typeChecks() {
  // @ts-expect-error a path the server does not have
  void api('/markets/none', '$get')
  // @ts-expect-error a method the path does not take
  void api('/markets', '$delete')
  // @ts-expect-error a query key the list does not take
  void api('/markets', '$get', { query: { pageNumber: 1 } })
  void api('/markets', '$get', { query: {} }).then((page) => {
    const total: number = page.total
    // @ts-expect-error the answer has no such field
    return [total, page.rows]
  })
}

describe('apiUrl', () => {
  it('builds the address of a call sent by other means, as api() would send it', () => {
    expect(apiUrl('/stream', '$get', { query: { market: undefined } })).toBe('/api/stream')
    expect(apiUrl('/stream', '$get', { query: { market: 'm 1' } })).toBe('/api/stream?market=m+1')
    expect(apiUrl('/files', '$post')).toBe('/api/files')
    expect(apiUrl('/files/:id/thumbnail', '$get', { param: { id: 'a/b' } })).toBe('/api/files/a%2Fb/thumbnail')
  })

  it('is typed from the server routes: an unknown path or a missing parameter does not compile', () => {
    const wrong = () => [
      // @ts-expect-error no such route
      apiUrl('/stream/all', '$get'),
      // @ts-expect-error the image's id is required
      apiUrl('/files/:id', '$get'),
    ]
    expect(typeof wrong).toBe('function')
  })
})
