import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceLive } from '@contract/live'
import { ApiRequestError } from './api-client'
import { LiveClient, SILENCE_MS, throttled } from './live-stream'

/** A stream answer the test writes to, as the server would. */
function streamAnswer(signal: AbortSignal | null | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
  })
  let open = true
  const fail = (reason: unknown) => {
    if (!open) return
    open = false
    controller.error(reason)
  }
  signal?.addEventListener('abort', () => fail(new DOMException('Aborted', 'AbortError')))
  const encoder = new TextEncoder()
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => open && controller.enqueue(encoder.encode(text)),
    end: () => {
      if (!open) return
      open = false
      controller.close()
    },
    drop: () => fail(new TypeError('network error')),
  }
}
type Stream = ReturnType<typeof streamAnswer>

type Call = { url: string; headers: Record<string, string>; signal: AbortSignal | null | undefined }

/** A fetch that answers each call with what `answer` makes, and keeps the calls and open streams. */
function fakeServer(answer: (call: Call) => 'stream' | Response | Error = () => 'stream') {
  const calls: Call[] = []
  const streams: Stream[] = []
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const call = { url, headers: init.headers as Record<string, string>, signal: init.signal }
    calls.push(call)
    const what = answer(call)
    if (what instanceof Error) return Promise.reject(what)
    if (what instanceof Response) return Promise.resolve(what)
    const stream = streamAnswer(init.signal)
    streams.push(stream)
    return Promise.resolve(stream.response)
  })
  return { fetch, calls, streams, latest: () => streams.at(-1) as Stream }
}

const device: DeviceLive = {
  deviceId: 'd1',
  marketId: 'm1',
  code: 'POS-1',
  kind: 'payment_terminal',
  online: true,
  unbound: false,
  lastSeenTime: '2026-01-05 08:00:00',
}
const ready = 'event: ready\ndata: {"market":null}\n\n'
const deviceEvent = (id: string, data: unknown = device) =>
  `id: ${id}\nevent: device\ndata: ${JSON.stringify(data)}\n\n`

function client(server: ReturnType<typeof fakeServer>, onSignedOut = vi.fn()) {
  return new LiveClient({
    fetch: server.fetch,
    headers: () => ({ Authorization: 'token-1', 'Accept-Language': 'en-US' }),
    random: () => 0,
    onSignedOut,
  })
}

/** Lets the stream's reads and the client's reactions run. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('LiveClient', () => {
  it('connects with the session, goes live on ready and hands checked event data to subscribers', async () => {
    const server = fakeServer()
    const live = client(server)
    const devices: DeviceLive[] = []
    const readies: unknown[] = []
    live.on('device', (data) => devices.push(data))
    live.on('ready', (data) => readies.push(data))
    live.start(null)
    expect(live.status.get()).toBe('connecting')
    await settle()
    expect(server.calls[0]?.url).toBe('/api/stream')
    expect(server.calls[0]?.headers).toMatchObject({ Authorization: 'token-1', Accept: 'text/event-stream' })
    expect(server.calls[0]?.headers['Last-Event-ID']).toBeUndefined()

    server.latest().send(ready)
    await settle()
    expect(live.status.get()).toBe('live')
    expect(readies).toEqual([{ reconnected: false }])

    // Cut anywhere, the event still arrives whole; data that breaks the contract is dropped.
    const text = deviceEvent('1-00000000a1')
    server.latest().send(text.slice(0, 20))
    server.latest().send(text.slice(20) + deviceEvent('1-00000000a2', { ...device, online: 'yes' }))
    server.latest().send('event: device\ndata: not json\n\nevent: unknown\ndata: {}\n\n')
    await settle()
    expect(devices).toEqual([device])
    live.stop()
  })

  it('reconnects after a drop with Last-Event-ID, backing off, and does not ask subscribers to read afresh when resumed', async () => {
    const server = fakeServer()
    const live = client(server)
    const signals: string[] = []
    live.on('ready', ({ reconnected }) => signals.push(reconnected ? 'ready again' : 'ready'))
    live.on('resync', () => signals.push('resync'))
    live.start('m1')
    await settle()
    expect(server.calls[0]?.url).toBe('/api/stream?market=m1')
    server.latest().send(ready + deviceEvent('1-00000000a1') + 'event: heartbeat\ndata: {}\n\n')
    await settle()

    server.latest().drop()
    await settle()
    expect(live.status.get()).toBe('reconnecting')
    expect(server.calls).toHaveLength(1)
    // random() = 0: the first attempt waits half of one second.
    await vi.advanceTimersByTimeAsync(499)
    expect(server.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]?.url).toBe('/api/stream?market=m1')
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('1-00000000a1')

    server.latest().send(ready)
    await settle()
    expect(live.status.get()).toBe('live')
    expect(signals).toEqual(['ready', 'ready again'])

    // The server no longer has that id: it says reset, and subscribers read afresh.
    server.latest().send('event: reset\ndata: {}\n\n')
    await settle()
    expect(signals).toEqual(['ready', 'ready again', 'resync'])
    live.stop()
  })

  it('asks subscribers to read afresh after a reconnect with no id to resume from', async () => {
    const server = fakeServer()
    const live = client(server)
    const resyncs = vi.fn()
    live.on('resync', resyncs)
    live.start(null)
    await settle()
    server.latest().send(ready)
    await settle()
    server.latest().end()
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]?.headers['Last-Event-ID']).toBeUndefined()
    server.latest().send(ready)
    await settle()
    expect(resyncs).toHaveBeenCalledTimes(1)
    live.stop()
  })

  it('waits longer after each failed attempt, up to 30 s, and starts over after a good connection', async () => {
    let failing = true
    const server = fakeServer(() => (failing ? new TypeError('Failed to fetch') : 'stream'))
    const live = client(server)
    live.start(null)
    await settle()
    expect(server.calls).toHaveLength(1)
    // random() = 0: half of 1, 2, 4, 8, 16, 30, 30 seconds.
    const waits = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(server.calls).toHaveLength(index + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(server.calls).toHaveLength(index + 2)
    }
    expect(live.status.get()).toBe('reconnecting')

    failing = false
    await vi.advanceTimersByTimeAsync(15_000)
    server.latest().send(ready)
    await settle()
    expect(live.status.get()).toBe('live')
    // Up for a while, then dropped: the first attempt is quick again.
    await vi.advanceTimersByTimeAsync(12_000)
    const before = server.calls.length
    server.latest().drop()
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toHaveLength(before + 1)
    live.stop()
  })

  it('keeps backing off when connections are accepted but drop at once', async () => {
    const server = fakeServer()
    const live = client(server)
    live.start(null)
    await settle()
    for (const wait of [500, 1_000, 2_000]) {
      server.latest().send(ready)
      await settle()
      server.latest().end()
      const before = server.calls.length
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(server.calls).toHaveLength(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(server.calls).toHaveLength(before + 1)
    }
    live.stop()
  })

  it('hands a 1001 to the re-login handling and stops trying', async () => {
    const expired = new Response(JSON.stringify({ code: 1001, msg: 'Login expired', data: null, isSuccess: false }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    })
    const server = fakeServer(() => expired)
    const onSignedOut = vi.fn()
    const live = client(server, onSignedOut)
    live.start(null)
    await settle()
    expect(onSignedOut).toHaveBeenCalledTimes(1)
    expect(onSignedOut.mock.calls[0]?.[0]).toBeInstanceOf(ApiRequestError)
    expect((onSignedOut.mock.calls[0]?.[0] as ApiRequestError).code).toBe(1001)
    expect(live.status.get()).toBe('off')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.calls).toHaveLength(1)
  })

  it('retries other refusals (a proxy error page, a 500) with backoff', async () => {
    let answers = 0
    const server = fakeServer(() =>
      answers++ === 0 ? new Response('<html>Bad gateway</html>', { status: 502 }) : 'stream',
    )
    const onSignedOut = vi.fn()
    const live = client(server, onSignedOut)
    live.start(null)
    await settle()
    expect(live.status.get()).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toHaveLength(2)
    expect(onSignedOut).not.toHaveBeenCalled()
    live.stop()
  })

  it('waits what a 429 refusal says (too many streams open) before trying again, not a hot loop', async () => {
    const refusal = () =>
      new Response(JSON.stringify({ code: 42900, msg: 'Too many live connections', data: { retryAfter: 30 } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '30' },
      })
    let answers = 0
    const server = fakeServer(() => (answers++ < 2 ? refusal() : 'stream'))
    const onSignedOut = vi.fn()
    const live = client(server, onSignedOut)
    live.start(null)
    await settle()
    expect(live.status.get()).toBe('reconnecting')
    // The backoff alone would try again after half a second.
    await vi.advanceTimersByTimeAsync(29_999)
    expect(server.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(3)
    server.latest().send(ready)
    await settle()
    expect(live.status.get()).toBe('live')
    expect(onSignedOut).not.toHaveBeenCalled()
    live.stop()
  })

  it("waits at least the stream's retry: (a server shutting down) before reconnecting", async () => {
    const server = fakeServer()
    const live = client(server)
    live.start(null)
    await settle()
    server.latest().send(ready + deviceEvent('1-00000000a1'))
    await settle()
    // What a server sends as it shuts down: the hint, then the end of the stream.
    server.latest().send('retry: 2500\n\n')
    server.latest().end()
    await settle()
    expect(live.status.get()).toBe('reconnecting')
    // The backoff alone would try again after half a second.
    await vi.advanceTimersByTimeAsync(2_499)
    expect(server.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(2)
    expect(server.calls[1]?.headers['Last-Event-ID']).toBe('1-00000000a1')
    // A shorter hint from the next stream replaces it; the backoff (now a second) is the floor.
    server.latest().send('retry: 200\n' + ready)
    await settle()
    server.latest().drop()
    await settle()
    await vi.advanceTimersByTimeAsync(999)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toHaveLength(3)
    live.stop()
  })

  it('reconnects for a new market with its ?market= and without the old id; stop ends it', async () => {
    const server = fakeServer()
    const live = client(server)
    live.start('m1')
    await settle()
    server.latest().send(ready + deviceEvent('1-00000000a1'))
    await settle()
    const first = server.calls[0]

    live.start('m1')
    await settle()
    expect(server.calls).toHaveLength(1)

    live.start('m2')
    expect(live.status.get()).toBe('connecting')
    await settle()
    expect(first?.signal?.aborted).toBe(true)
    expect(server.calls[1]?.url).toBe('/api/stream?market=m2')
    expect(server.calls[1]?.headers['Last-Event-ID']).toBeUndefined()

    live.stop()
    expect(server.calls[1]?.signal?.aborted).toBe(true)
    expect(live.status.get()).toBe('off')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.calls).toHaveLength(2)
  })

  it('gives up on a connection that stays silent past three heartbeats, and connects again', async () => {
    const server = fakeServer()
    const live = client(server)
    live.start(null)
    await settle()
    server.latest().send(ready)
    await settle()
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1_000)
    // A heartbeat restarts the count.
    server.latest().send('event: heartbeat\ndata: {}\n\n')
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1_000)
    expect(server.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.calls[0]?.signal?.aborted).toBe(true)
    expect(live.status.get()).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toHaveLength(2)
    live.stop()
  })

  it('keeps delivering to the other subscribers when one throws', async () => {
    const server = fakeServer()
    const live = client(server)
    const seen = vi.fn()
    live.on('device', () => {
      throw new Error('subscriber bug')
    })
    const unsubscribe = live.on('device', seen)
    live.start(null)
    await settle()
    server.latest().send(ready + deviceEvent('1-00000000a1'))
    // The bug is rethrown on its own, outside the stream.
    await expect(settle()).rejects.toThrow('subscriber bug')
    expect(seen).toHaveBeenCalledTimes(1)
    unsubscribe()
    server.latest().send(deviceEvent('1-00000000a2'))
    await settle().catch(() => undefined)
    expect(seen).toHaveBeenCalledTimes(1)
    expect(live.status.get()).toBe('live')
    live.stop()
  })
})

describe('throttled', () => {
  it('runs at once, then at most once per period however many calls come, and can be cancelled', async () => {
    const run = vi.fn()
    const refresh = throttled(run, 2_000)
    refresh()
    expect(run).toHaveBeenCalledTimes(1)
    refresh()
    refresh()
    await vi.advanceTimersByTimeAsync(1_999)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(2)
    refresh()
    expect(run).toHaveBeenCalledTimes(3)
    refresh()
    refresh.cancel()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(3)
  })
})
