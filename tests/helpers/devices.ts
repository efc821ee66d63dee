import type { DeviceKind } from '../../contract/device-list'
import { withOfficial, withOperator } from './fixtures'
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

type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = Awaited<ReturnType<typeof withDevice>>

/** Sends a batch of events as `device` does; a batch the API refuses fails the setup, saying why. */
export async function sendEvents(t: TestApp, device: { code: string; secret: string }, events: unknown[]) {
  const answer = await deviceCall(t, device, '/events', { events })
  if (answer.body.code !== 20000) throw new Error(`device events: ${JSON.stringify(answer.body)}`)
}

/** `HH:mm:ss` on a Shanghai day, as a device sends it (the test clock stands at 2026-11-01 10:00 there). */
export const today = (time: string) => `2026-11-01T${time}+08:00`
export const yesterday = (time: string) => `2026-10-31T${time}+08:00`

/**
 * The trading world the money tests start from: an OFFICIAL, markets A and B with their operators,
 * merchants m1 and m2 in A and m3 in B, and a bound payment terminal each (t1, t2, t3). `operators`
 * numbers the markets (files that also register others keep theirs apart); `merchant2` registers A's
 * second merchant its own way (a name the test needs).
 */
export async function withTradingWorld(
  t: TestApp,
  options: { operators?: [number, number]; merchant2?: (token: string) => Promise<string> } = {},
): Promise<{
  official: string
  a: Operator
  b: Operator
  m1: string
  m2: string
  m3: string
  t1: Device
  t2: Device
  t3: Device
}> {
  const [na, nb] = options.operators ?? [1, 2]
  const official = (await withOfficial(t)).token
  const a = await withOperator(t, { token: official }, na)
  const b = await withOperator(t, { token: official }, nb)
  const m1 = await withMerchant(t, a.token, 1)
  const m2 = options.merchant2 ? await options.merchant2(a.token) : await withMerchant(t, a.token, 2)
  const m3 = await withMerchant(t, b.token, 3)
  const terminal = (token: string, merchantId: string) => withDevice(t, token, { kind: 'payment_terminal', merchantId })
  return {
    official,
    a,
    b,
    m1,
    m2,
    m3,
    t1: await terminal(a.token, m1),
    t2: await terminal(a.token, m2),
    t3: await terminal(b.token, m3),
  }
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
