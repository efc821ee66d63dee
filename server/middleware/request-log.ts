import type { Logger } from 'pino'

/** What is logged of one API request (never headers or bodies). */
export type RequestLine = { reqId: string; method: string; path: string; status: number; ms: number }

/** Routine device calls are summed into one info line about this often. */
export const ROUTINE_SUMMARY_MS = 60_000

const DEVICE_API = '/api/device/'

/**
 * One info line per API request, except routine device calls: every device's heartbeat each minute
 * and its batches wrote 3.6 MB of info lines in 20 minutes of the demo and buried everything else. A
 * device call that succeeded logs at debug and is counted; the first one a minute or more after the
 * count began logs the count (calls per path, the slowest) as one info line. A device call that failed
 * logs like any request. `nowMs` is monotonic time (performance.now in the server).
 */
export function requestLog(logger: Logger, nowMs: () => number) {
  let count: { since: number; calls: Record<string, number>; slowestMs: number } | null = null
  return (line: RequestLine): void => {
    if (!line.path.startsWith(DEVICE_API) || line.status >= 400) {
      if (logger.isLevelEnabled('info')) logger.info(line, 'request')
      return
    }
    logger.debug(line, 'request')
    const now = nowMs()
    count ??= { since: now, calls: {}, slowestMs: 0 }
    count.calls[line.path] = (count.calls[line.path] ?? 0) + 1
    count.slowestMs = Math.max(count.slowestMs, line.ms)
    if (now - count.since >= ROUTINE_SUMMARY_MS) {
      const seconds = Math.round((now - count.since) / 1000)
      logger.info({ calls: count.calls, slowestMs: count.slowestMs, seconds }, 'device calls')
      count = null
    }
  }
}
