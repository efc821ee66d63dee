import type { DeviceKind } from '../../contract/device-list'
import { merchantInput } from './merchant-input'
import type { Answer, TestApp } from './test-app'
import { typedApi } from './typed-api'
import { parseSseBlock } from './sse-block'

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

/** Passengers counted through a gate in one interval starting at `at`. */
export const passengers = (id: string, countIn: number, countOut: number, at: string, periodSeconds = 60) => ({
  id,
  type: 'passenger_count',
  periodStart: at,
  periodSeconds,
  in: countIn,
  out: countOut,
})
/** A pesticide-residue test; `inhibitionPct` above 50 fails. */
export const pesticideTest = (
  id: string,
  at: string,
  result: 'pass' | 'fail',
  inhibitionPct = 12.5,
  stallNo?: string,
) => ({
  id,
  type: 'pesticide_test',
  produce: '小白菜',
  inhibitionPct,
  result,
  testedAt: at,
  ...(stallNo === undefined ? {} : { stallNo }),
})

/** One Server-Sent Event as a browser's EventSource would see it (`data` parsed from JSON). */
export type SseEvent = { event: string; id: string | undefined; data: unknown }

/**
 * GET /api/stream read as EventSource reads it. `until` waits for an event (the ones before it are
 * answered too, so a test can say what did NOT arrive before a sentinel); every stream must be closed.
 */
export type LiveStream = {
  /** Every event so far, `ready` first. */
  readonly events: SseEvent[]
  /** Events after the last `until`, up to and including the first that matches. */
  until: (match: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent[]>
  /** Settles when the server ends the stream (or close() does). */
  ended: Promise<void>
  close: () => Promise<void>
}

/** Opens the stream and waits for its `ready` event (from then on the subscriber hears everything). */
export async function openStream(
  t: TestApp,
  token: string,
  options: { market?: string; lastEventId?: string } = {},
): Promise<LiveStream> {
  const headers: Record<string, string> = { Authorization: token, 'Accept-Language': 'en-US' }
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId
  const response = await t.app.request(`/api/stream${options.market ? `?market=${options.market}` : ''}`, {
    method: 'GET',
    headers,
  })
  if (!response.headers.get('Content-Type')?.startsWith('text/event-stream') || !response.body)
    throw new Error(`no event stream: ${response.status} ${await response.text()}`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  let cursor = 0
  let buffer = ''
  let ended = false
  const waiter: { wake?: (() => void) | undefined } = {}

  const parse = (text: string) => {
    const block = parseSseBlock(text)
    if (block.data.length > 0)
      events.push({ event: block.event, id: block.id, data: JSON.parse(block.data.join('\n')) })
  }
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n')
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parse(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
        waiter.wake?.()
      }
    } catch {
      // Cancelled by close().
    } finally {
      ended = true
      waiter.wake?.()
    }
  })()

  async function until(match: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = events.findIndex((event, index) => index >= cursor && match(event))
      if (found !== -1) {
        const taken = events.slice(cursor, found + 1)
        cursor = found + 1
        return taken
      }
      const left = deadline - Date.now()
      if (ended || left <= 0)
        throw new Error(
          `stream ${ended ? 'ended' : 'timed out'} waiting; got ${JSON.stringify(events.slice(cursor).map((e) => [e.event, e.data]))}`,
        )
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiter.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      waiter.wake = undefined
    }
  }

  const stream: LiveStream = {
    events,
    until,
    ended: pump,
    close: async () => {
      await reader.cancel().catch(() => {})
      await pump
    },
  }
  await until((event) => event.event === 'ready')
  return stream
}
