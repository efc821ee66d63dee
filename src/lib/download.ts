import { consoleHeaders, unwrapAnswer, ApiRequestError } from './api-client'
import { requestParts, type ApiInput, type ApiMethod, type ApiPath } from './api-routes'

/**
 * Downloads a file the API streams (a CSV export) with the console's session, and saves it under
 * `filename`. A refusal comes back as the usual JSON answer and rejects with its ApiRequestError.
 */
export async function downloadFile<P extends ApiPath, M extends ApiMethod<P>>(
  path: P,
  method: M,
  input: ApiInput<P, M>,
  filename: string,
): Promise<void> {
  const parts = requestParts(path, method, input as Parameters<typeof requestParts>[2])
  let response: Response
  try {
    response = await fetch(`/api${parts.url}`, { method: parts.method, headers: consoleHeaders() })
  } catch {
    throw new ApiRequestError('Network Error', 0, null, 0, 'network')
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('application/json')) {
    unwrapAnswer(await response.text().catch(() => null), response.status)
    throw new ApiRequestError(`Request failed with status code ${response.status}`, 0, null, response.status, 'http')
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
