import { request } from 'node:http'
import type { SseEvent } from './devices'
import { parseSseBlock } from './sse-block'

/**
 * A server process's /api/stream, read as EventSource reads it, with the `retry:` hints it sent and
 * whether the server ended it; and a device batch held half-sent, for shutdown tests.
 */
export type ProcessStream = {
  readonly events: SseEvent[]
  /** Every `retry:` value the server sent, in order. */
  readonly retries: number[]
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>
  /** Waits for an event (up to 10 s); answers it. */
  until: (match: (event: SseEvent) => boolean) => Promise<SseEvent>
  close: () => Promise<void>
}

export async function openProcessStream(
  server: { baseURL: string },
  token: string,
  lastEventId?: string,
): Promise<ProcessStream> {
  const controller = new AbortController()
  const headers: Record<string, string> = { Authorization: token, Accept: 'text/event-stream' }
  if (lastEventId) headers['Last-Event-ID'] = lastEventId
  const response = await fetch(`${server.baseURL}/api/stream`, { headers, signal: controller.signal })
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`no event stream: ${response.status} ${await response.text()}`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  const retries: number[] = []
  let wake = () => {}
  let done = false
  const parse = (text: string) => {
    const block = parseSseBlock(text)
    if (block.retry !== undefined) retries.push(block.retry)
    if (block.data.length > 0)
      events.push({ event: block.event, id: block.id, data: JSON.parse(block.data.join('\n')) })
  }
  const ended = (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done: finished } = await reader.read()
        if (finished) break
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parse(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
        wake()
      }
    } catch {
      // Closed by the test.
    } finally {
      done = true
      wake()
    }
  })()
  let cursor = 0
  const until = async (match: (event: SseEvent) => boolean) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const index = events.findIndex((event, i) => i >= cursor && match(event))
      if (index !== -1) {
        cursor = index + 1
        return events[index] as SseEvent
      }
      if (done || Date.now() > deadline)
        throw new Error(`stream ${done ? 'ended' : 'timed out'}; got ${JSON.stringify(events.map((e) => e.event))}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }
  await until((event) => event.event === 'ready')
  return {
    events,
    retries,
    ended,
    until,
    close: async () => {
      controller.abort()
      await ended
    },
  }
}

/**
 * A device batch whose request the server has begun (it answered `100 Continue` to the headers) and
 * whose body is held back until `send`: a request surely in flight whenever the test acts meanwhile.
 */
export async function heldBatch(
  server: { baseURL: string },
  authorization: string,
  events: readonly unknown[],
): Promise<{ send: () => Promise<{ status: number; body: { code: number; data: { accepted: string[] } } }> }> {
  const body = Buffer.from(JSON.stringify({ events }))
  const url = new URL('/api/device/v1/events', server.baseURL)
  const req = request(url, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      Expect: '100-continue',
    },
    agent: false,
  })
  const answer = new Promise<{ status: number; body: { code: number; data: { accepted: string[] } } }>(
    (resolve, reject) => {
      req.on('response', (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
        response.on('error', reject)
      })
      req.on('error', reject)
    },
  )
  // Awaited by `send`; a failure before then is not an unhandled rejection.
  answer.catch(() => {})
  await new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve())
    req.once('error', reject)
    req.flushHeaders()
  })
  return {
    send: () => {
      req.end(body)
      return answer
    },
  }
}
