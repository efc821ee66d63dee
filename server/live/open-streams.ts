/** Ends one open stream, telling its client how long to wait before reconnecting (milliseconds). */
type EndStream = (retryMs: number) => void

/** Reconnects after a shutdown are spread over this window, so clients do not all come back in one second. */
const RETRY_MIN_MS = 1_000
const RETRY_SPREAD_MS = 4_000

/**
 * This process's open /api/stream answers. A stream never ends by itself, so a shutdown that waited
 * for open connections waited for its force timeout; instead SIGTERM ends every stream at once with an
 * SSE `retry:` hint, and the client reconnects elsewhere (or to the next process) with Last-Event-ID.
 */
class OpenStreams {
  private readonly open = new Set<EndStream>()
  private ending = false

  /** Registers a stream; answers how to forget it once it has ended. A stream opened during shutdown ends at once. */
  add(end: EndStream): () => void {
    if (this.ending) queueMicrotask(() => end(retryHint()))
    else this.open.add(end)
    return () => void this.open.delete(end)
  }

  /** Ends every open stream, and any opened from now on; answers how many were open. */
  endAll(): number {
    this.ending = true
    const count = this.open.size
    for (const end of this.open) end(retryHint())
    this.open.clear()
    return count
  }
}

function retryHint(): number {
  return RETRY_MIN_MS + Math.floor(Math.random() * RETRY_SPREAD_MS)
}

export const openStreams = new OpenStreams()
