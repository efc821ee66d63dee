import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../../server/env'
import { deviceCall, payment, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { parsePrometheusText, valueOf, type Family } from '../helpers/prometheus-text'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * GET /api/metrics (issue 23 §2): Prometheus' text format, parsed strictly; the families and their
 * types; requests counted by route template; device batches by outcome and reason; the token; and
 * nothing of the route when no token is configured.
 */

const TOKEN = 'metrics-token-0123456789abcdef'
const AT = '2026-11-01T09:55:00+08:00'

let t: TestApp
let off: TestApp

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, metricsInstance: 'console-1:3000' })
  off = await createTestApp()
})
afterAll(async () => {
  await t.close()
  await off.close()
})

async function scrape(app = t, authorization: string | null = `Bearer ${TOKEN}`) {
  const headers: Record<string, string> = { 'Accept-Language': 'en-US' }
  if (authorization) headers.Authorization = authorization
  const response = await app.app.request('/api/metrics', { headers })
  return { response, text: await response.text() }
}

async function metrics(): Promise<Map<string, Family>> {
  const { response, text } = await scrape()
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  return parsePrometheusText(text)
}

describe('the settings', () => {
  it('reads METRICS_TOKEN (off unset) and METRICS_INSTANCE (host:port unset)', () => {
    expect(readEnv({ PORT: '3001' })).toMatchObject({ metricsToken: null, metricsInstance: `${hostname()}:3001` })
    expect(readEnv({ METRICS_TOKEN: TOKEN, METRICS_INSTANCE: 'console-2' })).toMatchObject({
      metricsToken: TOKEN,
      metricsInstance: 'console-2',
    })
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/)
    expect(() => readEnv({ METRICS_INSTANCE: 'a b' })).toThrow(/METRICS_INSTANCE/)
  })
})

describe('the parser', () => {
  it('reads a well-formed exposition', () => {
    const families = parsePrometheusText(
      '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="q\\"uote"} 3\n' +
        '# TYPE h histogram\nh_bucket{le="0.1"} 1\nh_bucket{le="+Inf"} 2\nh_sum 0.3\nh_count 2\n',
    )
    expect(families.get('a_total')?.samples).toEqual([{ name: 'a_total', labels: { x: '1', y: 'q"uote' }, value: 3 }])
    expect(valueOf(families, 'h_count')).toBe(2)
  })

  it.each([
    ['a sample before its TYPE', 'a 1\n'],
    ['a bad value', '# TYPE a gauge\na one\n'],
    ['an unquoted label', '# TYPE a gauge\na{x=1} 1\n'],
    ['a label twice', '# TYPE a gauge\na{x="1",x="2"} 1\n'],
    ['a series twice', '# TYPE a gauge\na{x="1"} 1\na{x="1"} 2\n'],
    ['a bad TYPE', '# TYPE a countr\na 1\n'],
    ['a TYPE after samples', '# TYPE a gauge\na 1\n# TYPE a gauge\n'],
    ['a bad name', '# TYPE 1a gauge\n'],
    ['no final newline', '# TYPE a gauge\na 1'],
    ['a histogram without +Inf', '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n'],
    ['buckets not cumulative', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n'],
    ['a count unlike +Inf', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n'],
    ['junk after the value', '# TYPE a gauge\na 1 2 3\n'],
  ])('refuses %s', (_name, text) => {
    expect(() => parsePrometheusText(text)).toThrow()
  })
})

describe('GET /api/metrics', () => {
  it('answers 404, exactly as an unknown API path does, when METRICS_TOKEN is unset', async () => {
    const { response, text } = await scrape(off)
    const unknown = await off.app.request('/api/metrics-nothing-here', { headers: { 'Accept-Language': 'en-US' } })
    expect(response.status).toBe(404)
    expect(JSON.parse(text)).toEqual({
      ...(JSON.parse(await unknown.text()) as object),
      msg: 'No such API: /api/metrics',
    })
    // Even with a token: there is none to match.
    expect((await scrape(off, `Bearer ${TOKEN}`)).response.status).toBe(404)
  })

  it('needs the Bearer token', async () => {
    for (const authorization of [
      null,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
    ]) {
      const { response, text } = await scrape(t, authorization)
      expect(response.status, String(authorization)).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(JSON.parse(text).code).toBe(40100)
      expect(text).not.toContain('ds_http')
    }
  })

  it('has every family with its type, each sample labelled with the instance', async () => {
    await t.call('/api/health', { method: 'GET' })
    const families = await metrics()
    const types = Object.fromEntries([...families.values()].map((family) => [family.name, family.type]))
    expect(types).toMatchObject({
      ds_http_requests_total: 'counter',
      ds_http_request_duration_seconds: 'histogram',
      ds_device_events_total: 'counter',
      ds_device_batches_total: 'counter',
      ds_device_refused_events_total: 'counter',
      ds_devices_online: 'gauge',
      ds_live_subscribers: 'gauge',
      ds_live_bus_lag_seconds: 'histogram',
      ds_db_pool_max_connections: 'gauge',
      // Node's own (collectDefaultMetrics on the same registry).
      process_cpu_user_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
    })
    for (const family of families.values()) {
      expect(family.help, family.name).not.toBe('')
      for (const sample of family.samples) expect(sample.labels.instance, sample.name).toBe('console-1:3000')
    }
    const pool = families.get('ds_db_pool_max_connections')?.samples[0]?.labels.driver
    expect(valueOf(families, 'ds_db_pool_max_connections')).toBe(t.kind === 'postgres' ? 4 : 1)
    expect(pool).toBe(t.kind)
    if (t.kind === 'postgres') {
      // pg_stat_activity's view of this instance's connections (the LISTEN one at least, idle).
      const states = families.get('ds_db_pool_connections')?.samples ?? []
      expect(states.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThan(0)
    }
  })

  it('counts a request under its route template and status, never its address', async () => {
    const official = await withOfficial(t)
    const { marketId } = await withOperator(t, official, 1)
    const series = { route: '/api/markets/:id', method: 'GET', status: '200' }
    const before = await metrics()
    const read = await t.call(`/api/markets/${marketId}`, { method: 'GET', token: official.token })
    expect(read.status).toBe(200)
    const missing = await t.call('/api/markets/00000000-0000-4000-8000-000000000000', {
      method: 'GET',
      token: official.token,
    })
    expect(missing.status).toBe(404)
    const after = await metrics()
    expect(valueOf(after, 'ds_http_requests_total', series) - valueOf(before, 'ds_http_requests_total', series)).toBe(1)
    const histogram = 'ds_http_request_duration_seconds_count'
    expect(valueOf(after, histogram, series) - valueOf(before, histogram, series)).toBe(1)
    expect(valueOf(after, histogram, { ...series, status: '404' })).toBe(1)
    expect(valueOf(after, 'ds_http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBeGreaterThan(0)
    const text = (await scrape()).text
    expect(text).not.toContain(marketId)
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
  })

  it('counts device events and batches by kind and outcome, and refusals by reason', async () => {
    const official = await withOfficial(t)
    const { token } = await withOperator(t, official, 2)
    const merchantId = await withMerchant(t, token, 1)
    const terminal = await withDevice(t, token, { kind: 'payment_terminal', merchantId })
    const before = await metrics()
    const delta = (after: Map<string, Family>, name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels)

    const events = [payment('m-1', 100, AT), payment('m-2', 200, AT)]
    expect((await deviceCall(t, terminal, '/events', { events })).body.code).toBe(20000)
    // Sent again: duplicates.
    expect((await deviceCall(t, terminal, '/events', { events })).body.code).toBe(20000)
    // A passenger count from a terminal, and a bad amount: refused whole, both named.
    const refused = [
      { id: 'm-3', type: 'passenger_count', periodStart: AT, periodSeconds: 60, in: 1, out: 0 },
      payment('m-4', -5, AT),
      payment('m-5', 100, AT),
    ]
    expect((await deviceCall(t, terminal, '/events', { events: refused })).status).toBe(400)
    // Not a list of events at all.
    expect((await deviceCall(t, terminal, '/events', { events: [] })).status).toBe(400)
    expect((await deviceCall(t, terminal, '/events', { events: Array(501).fill(events[0]) })).status).toBe(400)

    const after = await metrics()
    expect(delta(after, 'ds_device_events_total', { kind: 'payment', outcome: 'accepted' })).toBe(2)
    expect(delta(after, 'ds_device_events_total', { kind: 'payment', outcome: 'duplicate' })).toBe(2)
    expect(delta(after, 'ds_device_events_total', { kind: 'payment', outcome: 'refused' })).toBe(2)
    expect(delta(after, 'ds_device_events_total', { kind: 'passenger_count', outcome: 'refused' })).toBe(1)
    expect(delta(after, 'ds_device_batches_total', { outcome: 'accepted' })).toBe(1)
    expect(delta(after, 'ds_device_batches_total', { outcome: 'duplicate' })).toBe(1)
    expect(delta(after, 'ds_device_batches_total', { outcome: 'refused' })).toBe(3)
    expect(delta(after, 'ds_device_refused_events_total', { reason: 'kind_mismatch' })).toBe(1)
    expect(delta(after, 'ds_device_refused_events_total', { reason: 'amount' })).toBe(1)
    expect(delta(after, 'ds_device_refused_events_total', { reason: 'batch' })).toBe(1)
    expect(delta(after, 'ds_device_refused_events_total', { reason: 'batch_too_big' })).toBe(1)
    expect(valueOf(after, 'ds_devices_online')).toBeGreaterThanOrEqual(1)
    // The device's code and the event ids are in no label.
    const text = (await scrape()).text
    for (const secret of [terminal.code, 'm-1', 'm-4']) expect(text).not.toContain(secret)
  })

  it('measures the live bus: subscribers and each event’s lag', async () => {
    const official = await withOfficial(t)
    const before = await metrics()
    const stream = await t.request('/api/stream', { method: 'GET', token: official.token })
    try {
      await expect.poll(async () => valueOf(await metrics(), 'ds_live_subscribers')).toBe(1)
      await withOperator(t, official, 3)
      const { token } = await withOperator(t, official, 4)
      const terminal = await withDevice(t, token, {
        kind: 'payment_terminal',
        merchantId: await withMerchant(t, token, 1),
      })
      expect((await deviceCall(t, terminal, '/events', { events: [payment('lag-1', 100, AT)] })).body.code).toBe(20000)
      await expect
        .poll(async () => valueOf(await metrics(), 'ds_live_bus_lag_seconds_count'))
        .toBeGreaterThan(valueOf(before, 'ds_live_bus_lag_seconds_count'))
    } finally {
      await stream.body?.cancel()
    }
    await expect.poll(async () => valueOf(await metrics(), 'ds_live_subscribers')).toBe(0)
  })
})
