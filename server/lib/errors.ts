import { ApiCode } from '../../contract/api'
import type { MessageKey } from './i18n'

const HTTP_STATUS: Record<number, number> = {
  [ApiCode.SUCCESS]: 200,
  [ApiCode.NOT_SIGNED_IN]: 401,
  [ApiCode.ACCOUNT_FROZEN]: 401,
  [ApiCode.INVALID_INPUT]: 400,
  [ApiCode.WRONG_CREDENTIALS]: 401,
  [ApiCode.FORBIDDEN]: 403,
  [ApiCode.NOT_FOUND]: 404,
  [ApiCode.CONFLICT]: 409,
  [ApiCode.TOO_MANY_ATTEMPTS]: 429,
  [ApiCode.SERVER_ERROR]: 500,
}

export function httpStatusFor(code: number): 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500 {
  return (HTTP_STATUS[code] ?? 500) as 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500
}

/** A failure the client should see: a code, a message key translated per request, optional data. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiCode,
    readonly messageKey: MessageKey,
    readonly data: unknown = null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey)
    this.name = 'ApiError'
  }
}
