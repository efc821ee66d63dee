import { requestParts, type ApiData, type ApiInput, type ApiMethod, type ApiPath } from '../../src/lib/api-routes'
import type { Answer, TestApp } from './test-app'

type CallOptions = { token?: string; locale?: string; address?: string }

/**
 * Calls the test app typed from the server's routes, as the console does: a wrong path, query key,
 * body field or answer shape fails to compile. `t.call` stays for hostile input that must not type-check.
 */
export function typedApi(call: TestApp['call']) {
  return async function api<P extends ApiPath, M extends ApiMethod<P>>(
    path: P,
    method: M,
    input: ApiInput<P, M>,
    options: CallOptions = {},
  ): Promise<Answer<ApiData<P, M>>> {
    const parts = requestParts(path, method, input as Parameters<typeof requestParts>[2])
    return call<ApiData<P, M>>(`/api${parts.url}`, {
      method: parts.method,
      ...(parts.body === undefined ? {} : { body: parts.body }),
      ...options,
    })
  }
}
