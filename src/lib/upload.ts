import { ApiCode, type Envelope } from '@contract/api'
import type { UploadedFile } from '@contract/files'
import { getLocale } from '@/paraglide/runtime'
import { ApiRequestError } from './api-client'
import { getToken } from './session'

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
    request.open('POST', '/api/files')
    const token = getToken()
    if (token) request.setRequestHeader('Authorization', token)
    const xsrf = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='))
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)))
    request.setRequestHeader('Accept-Language', getLocale())
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      try {
        const envelope = JSON.parse(request.responseText) as Envelope<UploadedFile>
        if (envelope.code === ApiCode.SUCCESS) resolve(envelope.data)
        else reject(new ApiRequestError(envelope.msg, envelope.code, envelope.data, request.status))
      } catch {
        reject(
          new ApiRequestError(`Request failed with status code ${request.status}`, 0, null, request.status, 'http'),
        )
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
  const token = getToken()
  const path = `/api/files/${encodeURIComponent(id)}${variant === 'thumbnail' ? '/thumbnail' : ''}`
  const response = await fetch(path, { headers: token ? { Authorization: token } : {}, ...(signal ? { signal } : {}) })
  if (!response.ok)
    throw new ApiRequestError(`Request failed with status code ${response.status}`, 0, null, response.status, 'http')
  return URL.createObjectURL(await response.blob())
}
