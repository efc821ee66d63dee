import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { System } from '../../contract/system'
import { deviceCall, passengers, payment, pesticideTest, refund, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * GET /api/system (issue 23 §2): the platform's figures from the database, this instance's from its
 * metrics, for OFFICIAL only.
 */

let t: TestApp
let official: { token: string }
let market: { marketId: string; token: string }
let quiet: { marketId: string; token: string }
const AT = '2026-11-01T09:55:00+08:00' // 01:55 UTC, five minutes before the test clock's now

beforeAll(async () => {
  t = await createTestApp()
  official = await withOfficial(t)
  market = await withOperator(t, official, 1)
  quiet = await withOperator(t, official, 2)
})
afterAll(async () => {
  await t.close()
})

const system = async (token = official.token) => {
  const answer = await typedApi(t.call)('/system', '$get', {}, { token })
  expect(answer.body.code).toBe(20000)
  return answer.body.data as System
}

describe('GET /api/system', () => {
  it('is for OFFICIAL only', async () => {
    const answer = await t.call('/api/system', { method: 'GET', token: market.token })
    expect(answer.body.code).toBe(40300)
    expect(answer.body.data).toBeNull()
    expect((await t.call('/api/system', { method: 'GET' })).body.code).toBe(1001)
  })

  it('answers an empty platform with every minute of the hour at zero', async () => {
    const answer = await system()
    expect(answer.platform.ingest).toHaveLength(60)
    expect(answer.platform.ingest.at(-1)?.minute).toBe('2026-11-01T02:00:00.000Z')
    expect(answer.platform.ingest[0]?.minute).toBe('2026-11-01T01:01:00.000Z')
    expect(answer.platform.ingest.every((m) => m.payments + m.refunds + m.tests === 0)).toBe(true)
    expect(answer.platform.devices).toEqual({ bound: 0, online: 0 })
    expect(answer.platform.markets).toEqual([])
    expect(answer.thisInstance.instance).toBe('test')
  })

  it('shows ingest per minute, devices per market (most offline first), refusals and the slowest routes', async () => {
    const merchantId = await withMerchant(t, market.token, 1)
    const terminal = await withDevice(t, market.token, { kind: 'payment_terminal', merchantId })
    const counter = await withDevice(t, market.token, { kind: 'passenger_counter', stallNo: 'GATE' })
    const tester = await withDevice(t, market.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
    // The quiet market's two devices never call: it has the most offline.
    await withDevice(t, quiet.token, { kind: 'passenger_counter', stallNo: 'G1' })
    await withDevice(t, quiet.token, { kind: 'passenger_counter', stallNo: 'G2' })
    const ok = async (device: { code: string; secret: string }, events: unknown[]) =>
      expect((await deviceCall(t, device, '/events', { events })).body.code).toBe(20000)
    await ok(terminal, [payment('s-1', 100, AT), payment('s-2', 100, AT), refund('s-3', 's-1', 50, AT)])
    await ok(counter, [passengers('s-4', 3, 1, AT)])
    await ok(tester, [pesticideTest('s-5', AT, 'pass')])
    // Refused: a payment from the counter, and an amount of nothing.
    expect((await deviceCall(t, counter, '/events', { events: [payment('s-6', 100, AT)] })).status).toBe(400)
    expect((await deviceCall(t, terminal, '/events', { events: [payment('s-7', 0, AT)] })).status).toBe(400)

    // Past the minute the platform's device counts are kept for (served stale, then recounted).
    t.time.advance(61_000)
    const answer = await system()
    const minute = answer.platform.ingest.find((m) => m.minute === '2026-11-01T01:55:00.000Z')
    expect(minute).toEqual({ minute: '2026-11-01T01:55:00.000Z', payments: 2, refunds: 1, tests: 1 })
    expect(answer.platform.ingest.reduce((sum, m) => sum + m.payments, 0)).toBe(2)
    expect(answer.platform.devices).toEqual({ bound: 5, online: 3 })
    expect(
      answer.platform.markets.map(({ marketId, bound, online, offline }) => [marketId, bound, online, offline]),
    ).toEqual([
      [quiet.marketId, 2, 0, 2],
      [market.marketId, 3, 3, 0],
    ])
    expect(answer.platform.markets[0]?.marketName).not.toBe('')
    expect(answer.thisInstance.events).toEqual({ accepted: 5, duplicate: 0, refused: 2 })
    expect(answer.thisInstance.refusals).toEqual(
      expect.arrayContaining([
        { reason: 'kind_mismatch', events: 1 },
        { reason: 'amount', events: 1 },
      ]),
    )
    const routes = answer.thisInstance.slowRoutes
    expect(routes.length).toBeGreaterThan(0)
    expect(routes.length).toBeLessThanOrEqual(8)
    expect(routes.find((route) => route.route === '/api/device/v1/events')).toMatchObject({ method: 'POST' })
    for (const route of routes) expect(route.route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/)
    const p95s = routes.map((route) => route.p95Ms)
    expect(p95s).toEqual([...p95s].sort((a, b) => b - a))
  })
})
