import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { InstanceMetrics } from '../lib/instance-metrics'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { AppEnv, ServerDeps } from '../lib/types'
import { requestContext } from './request-context'
import { requestLog, ROUTINE_SUMMARY_MS, type RequestLine } from './request-log'

/** A logger at `level` whose lines land in `lines`, parsed. */
function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ level }, stream), lines }
}

const call = (path: string, status = 200, ms = 3): RequestLine => ({ reqId: 'r', method: 'POST', path, status, ms })
const HEARTBEAT = '/api/device/v1/heartbeat'
const EVENTS = '/api/device/v1/events'

describe('requestLog', () => {
  it('logs a console request as one info line', () => {
    const { logger, lines } = capturingLogger('info')
    requestLog(logger, () => 0)(call('/api/user/info'))
    expect(lines).toMatchObject([{ level: 30, msg: 'request', path: '/api/user/info', status: 200 }])
  })

  it('keeps routine device calls out of the info log and sums them once a minute', () => {
    const { logger, lines } = capturingLogger('info')
    let now = 1_000
    const log = requestLog(logger, () => now)
    for (let i = 0; i < 100; i++) {
      log(call(HEARTBEAT, 200, i === 50 ? 40 : 3))
      log(call(EVENTS))
      now += 500
    }
    // 200 calls over 50 s: not a line yet.
    expect(lines).toEqual([])
    now = 1_000 + ROUTINE_SUMMARY_MS
    log(call(HEARTBEAT))
    expect(lines).toMatchObject([
      { level: 30, msg: 'device calls', calls: { [HEARTBEAT]: 101, [EVENTS]: 100 }, slowestMs: 40, seconds: 60 },
    ])
    // The count starts again.
    log(call(HEARTBEAT))
    expect(lines).toHaveLength(1)
  })

  it('still logs a failed device call at once', () => {
    const { logger, lines } = capturingLogger('info')
    const log = requestLog(logger, () => 0)
    log(call(HEARTBEAT, 401))
    log(call(EVENTS, 400))
    log(call(EVENTS, 500))
    expect(lines.map((line) => [line.level, line.path, line.status])).toEqual([
      [30, HEARTBEAT, 401],
      [30, EVENTS, 400],
      [30, EVENTS, 500],
    ])
  })

  it('writes every device call at debug level', () => {
    const { logger, lines } = capturingLogger('debug')
    requestLog(logger, () => 0)(call(HEARTBEAT))
    expect(lines).toMatchObject([{ level: 20, msg: 'request', path: HEARTBEAT }])
  })

  it('is what the request context logs with', async () => {
    const { logger, lines } = capturingLogger('info')
    // The request context reads only these of its deps (the route timings after the handler).
    const deps = { logger, config: { trustProxy: 0 }, metrics: new InstanceMetrics('test') } as unknown as ServerDeps
    const app = new Hono<AppEnv>()
      .use(requestContext(deps))
      .post('/api/device/v1/heartbeat', (c) => c.json({}))
      .get('/api/health', (c) => c.json({}))
    await app.request('/api/device/v1/heartbeat', { method: 'POST' })
    await app.request('/api/health')
    expect(lines).toMatchObject([{ msg: 'request', path: '/api/health' }])
  })
})
