import { describe, expect, it } from 'vitest'
import { backoffDelay, RECONNECT_MAX_MS, SseParser, type SseMessage } from './live-sse'

/** Feeds `pieces` to a fresh parser and answers what it dispatched. */
function parse(pieces: string[], lastEventId = '') {
  const messages: SseMessage[] = []
  const retries: number[] = []
  const parser = new SseParser(
    (message) => messages.push(message),
    lastEventId,
    (ms) => retries.push(ms),
  )
  for (const piece of pieces) parser.push(piece)
  return { messages, retries, parser }
}

/** Every way of cutting `text` in two. */
const splits = (text: string) => Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)])

describe('SseParser', () => {
  const stream =
    'retry: 3000\nevent: ready\ndata: {"market":null}\n\n' +
    ': a comment\nid: 1-00000000aa\nevent: device\ndata: {"a":1}\n\n' +
    'event: heartbeat\ndata: {}\n\n'

  it('reads events, their types, data and ids', () => {
    const { messages, retries } = parse([stream])
    expect(messages).toEqual([
      { event: 'ready', data: '{"market":null}', lastEventId: '' },
      { event: 'device', data: '{"a":1}', lastEventId: '1-00000000aa' },
      // An event without an id keeps the last one, as a browser's EventSource does.
      { event: 'heartbeat', data: '{}', lastEventId: '1-00000000aa' },
    ])
    expect(retries).toEqual([3000])
  })

  it('gives the same events however the text is cut, and with CRLF or CR line ends', () => {
    const expected = parse([stream]).messages
    for (const text of [stream, stream.replaceAll('\n', '\r\n'), stream.replaceAll('\n', '\r')]) {
      for (const pieces of splits(text)) expect(parse(pieces).messages).toEqual(expected)
      // One character at a time.
      expect(parse([...text]).messages).toEqual(expected)
    }
  })

  it('does not take a lone CR at the end of a piece followed by a new line for a blank line', () => {
    const { messages } = parse(['data: a\r', 'data: b\n', '\n'])
    expect(messages).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }])
  })

  it('joins data lines with LF, strips one space after the colon, and defaults the type to message', () => {
    const { messages } = parse(['data:one\ndata:  two\ndata\n\n'])
    expect(messages).toEqual([{ event: 'message', data: 'one\n two\n', lastEventId: '' }])
  })

  it('dispatches nothing for an event without data, and drops an unfinished event at the end', () => {
    const { messages } = parse(['event: reset\n\nid: 7\n\nevent: device\ndata: {"half":'])
    expect(messages).toEqual([])
  })

  it('keeps the id it resumed from until the stream names another; an empty id clears it', () => {
    const { messages, parser } = parse(['event: ready\ndata: {}\n\nid\ndata: x\n\n'], '5-0123456789')
    expect(messages.map((message) => message.lastEventId)).toEqual(['5-0123456789', ''])
    expect(parser.lastEventId).toBe('')
  })

  it('ignores ids with NUL, unknown fields, bad retry values and an opening byte-order mark', () => {
    const { messages, retries } = parse(['\uFEFFid: a\0b\nfoo: bar\nretry: 1s\ndata: x\n\n'], 'kept')
    expect(messages).toEqual([{ event: 'message', data: 'x', lastEventId: 'kept' }])
    expect(retries).toEqual([])
  })
})

describe('backoffDelay', () => {
  it('doubles from about a second, with jitter between half and the whole step', () => {
    expect(backoffDelay(0, () => 0)).toBe(500)
    expect(backoffDelay(0, () => 1)).toBe(1_000)
    expect(backoffDelay(1, () => 0)).toBe(1_000)
    expect(backoffDelay(3, () => 1)).toBe(8_000)
  })

  it('never waits more than 30 s, however many attempts failed', () => {
    for (const attempt of [5, 6, 10, 100, 10_000]) {
      expect(backoffDelay(attempt, () => 1)).toBe(RECONNECT_MAX_MS)
      expect(backoffDelay(attempt, () => 0)).toBe(RECONNECT_MAX_MS / 2)
    }
  })

  it('spreads clients out: random draws give different delays', () => {
    const delays = new Set([0.1, 0.4, 0.7, 0.9].map((draw) => backoffDelay(4, () => draw)))
    expect(delays.size).toBe(4)
  })
})
