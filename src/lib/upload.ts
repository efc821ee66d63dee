import type { UploadedFile } from '@contract/files'
import { ApiRequestError, apiUrl, consoleHeaders, unwrapAnswer } from './api-client'

/**
 * Uploads an image with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Resolves with the stored file, rejects with an ApiRequestError like apiRequest does.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', apiUrl('/files', '$post'))
    for (const [name, value] of Object.entries(consoleHeaders())) request.setRequestHeader(name, value)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      try {
        resolve(unwrapAnswer<UploadedFile>(request.responseText, request.status))
      } catch (error) {
        reject(error)
      }
    }
    request.onerror = () => reject(new ApiRequestError('Network Error', 0, null, 0, 'network'))
    request.onabort = () => reject(new ApiRequestError('Request aborted', 0, null, 0, 'aborted'))
    signal?.addEventListener('abort', () => request.abort())
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}

/**
 * Images behind the API need the session header, which an <img> cannot send: fetch them as blobs.
 * Previews ask for the thumbnail (a small WebP), not the image of up to 5 MB.
 */
export async function fetchImageUrl(id: string, variant: 'full' | 'thumbnail', signal?: AbortSignal): Promise<string> {
  const url =
    variant === 'thumbnail'
      ? apiUrl('/files/:id/thumbnail', '$get', { param: { id } })
      : apiUrl('/files/:id', '$get', { param: { id } })
  const response = await fetch(url, { headers: consoleHeaders(), ...(signal ? { signal } : {}) })
  if (!response.ok)
    throw new ApiRequestError(`Request failed with status code ${response.status}`, 0, null, response.status, 'http')
  return URL.createObjectURL(await response.blob())
}
