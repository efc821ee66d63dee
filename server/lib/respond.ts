import type { Context } from 'hono'
import { ApiCode } from '../../contract/api'
import { httpStatusFor } from './errors'
import { translate, type MessageKey } from './i18n'
import type { AppEnv } from './types'

export function ok<T, E extends AppEnv>(c: Context<E>, data: T) {
  return c.json({ code: ApiCode.SUCCESS, msg: translate(c.var.locale, 'api_success'), data, isSuccess: true }, 200)
}

export function failure(
  c: Context<AppEnv>,
  code: number,
  key: MessageKey,
  data: unknown = null,
  params: Record<string, string | number> = {},
) {
  return c.json({ code, msg: translate(c.var.locale, key, params), data, isSuccess: false }, httpStatusFor(code))
}
