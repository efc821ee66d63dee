import type { DeviceKind } from '../../contract/device-list'
import { merchantInput } from './merchant-input'
import type { Answer, TestApp } from './test-app'
import { typedApi } from './typed-api'

/** Devices for API tests, bound the way the console binds them, and calls made the way a device makes them. */

let serial = 0

/** Registers a merchant (number n) in the caller's market and answers its id. */
export async function withMerchant(t: TestApp, token: string, n: number, marketId?: string): Promise<string> {
  const answer = await typedApi(t.call)(
    '/merchants',
    '$post',
    { json: merchantInput(n, marketId ? { marketId } : {}) },
    { token },
  )
  if (answer.body.code !== 20000) throw new Error(`could not register merchant ${n}: ${answer.body.msg}`)
  return answer.body.data.id
}

/** Binds a device and answers its id, code and secret. */
export async function withDevice(
  t: TestApp,
  token: string,
  place: { kind: DeviceKind; merchantId?: string; stallNo?: string; marketId?: string },
) {
  const code = `DEV-${process.pid}-${++serial}`
  const answer = await typedApi(t.call)(
    '/devices',
    '$post',
    {
      json: {
        code,
        kind: place.kind,
        merchantId: place.merchantId ?? null,
        stallNo: place.stallNo ?? '',
        ...(place.marketId ? { marketId: place.marketId } : {}),
      },
    },
    { token },
  )
  if (answer.body.code !== 20000) throw new Error(`could not bind ${code}: ${answer.body.msg}`)
  return answer.body.data
}

export const basicAuth = (code: string, secret: string) =>
  `Basic ${Buffer.from(`${code}:${secret}`).toString('base64')}`

/** A device-API call with the device's credentials (no console session, no XSRF). */
export function deviceCall<T = unknown>(
  t: TestApp,
  device: { code: string; secret: string },
  path: '/heartbeat' | '/events',
  body?: unknown,
  options: { address?: string; locale?: string } = {},
): Promise<Answer<T>> {
  return t.call<T>(`/api/device/v1${path}`, {
    token: basicAuth(device.code, device.secret),
    xsrf: false,
    ...(body === undefined ? {} : { body }),
    ...options,
  })
}

/** A payment event at `at` (ISO with zone). */
export const payment = (id: string, amountFen: number, at: string, method = 'wechat') => ({
  id,
  type: 'payment',
  amountFen,
  method,
  paidAt: at,
})
export const refund = (id: string, paymentId: string, amountFen: number, at: string) => ({
  id,
  type: 'refund',
  paymentId,
  amountFen,
  refundedAt: at,
})
