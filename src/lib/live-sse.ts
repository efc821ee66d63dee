/**
 * The pieces of the live stream that need no network: reading Server-Sent Events from text as it
 * arrives, and how long to wait before the next reconnect. `fetch` rather than EventSource reads
 * /api/stream (EventSource cannot send the Authorization header), so the parsing is ours; it follows
 * the HTML standard's "event stream interpretation".
 */

/** One dispatched event. `lastEventId` is the stream's last event id at that point (the event's own, or an earlier one). */
export type SseMessage = { event: string; data: string; lastEventId: string }

/**
 * Reads an event stream fed in pieces of any size (a piece may end mid-line, or between a CR and its
 * LF). Lines end with CRLF, LF or CR; `:` starts a comment; `data` lines join with LF; `id` sets the
 * last event id (kept across events, as a browser keeps it); `retry` is reported; an event is
 * dispatched at a blank line, and only if it had data. What is left unfinished at the end is dropped.
 */
export class SseParser {
  private line = ''
  private afterCR = false
  private started = false
  private data: string[] = []
  private event = ''

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    /** The id to resume from (a reconnect continues the previous stream's). */
    public lastEventId = '',
    private readonly onRetry?: (ms: number) => void,
  ) {}

  push(text: string): void {
    let chunk = text
    if (!this.started && chunk.length > 0) {
      this.started = true
      // One byte-order mark may open the stream.
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1)
    }
    // The LF of a CRLF split between two pieces: the line already ended at the CR.
    if (this.afterCR && chunk.startsWith('\n')) chunk = chunk.slice(1)
    if (chunk.length > 0) this.afterCR = false
    let start = 0
    for (let index = 0; index < chunk.length; index++) {
      const char = chunk[index]
      if (char !== '\n' && char !== '\r') continue
      this.endLine(this.line + chunk.slice(start, index))
      this.line = ''
      if (char === '\r') {
        if (index + 1 === chunk.length) this.afterCR = true
        else if (chunk[index + 1] === '\n') index++
      }
      start = index + 1
    }
    this.line += chunk.slice(start)
  }

  private endLine(line: string): void {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.event = value
    else if (field === 'data') this.data.push(value)
    else if (field === 'id') {
      if (!value.includes('\0')) this.lastEventId = value
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.onRetry?.(Number(value))
    }
  }

  private dispatch(): void {
    const data = this.data
    const event = this.event
    this.data = []
    this.event = ''
    if (data.length === 0) return
    this.onMessage({ event: event || 'message', data: data.join('\n'), lastEventId: this.lastEventId })
  }
}

/** The first reconnect waits about this long; each failed attempt doubles it, up to the cap. */
const RECONNECT_BASE_MS = 1_000
export const RECONNECT_MAX_MS = 30_000

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first after a drop): exponential,
 * capped at 30 s, with jitter ("equal jitter": between half the step and the whole step), so a
 * server restart does not bring every console back in the same second.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 30)))
  return Math.round(step / 2 + random() * (step / 2))
}
