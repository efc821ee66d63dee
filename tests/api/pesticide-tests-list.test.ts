import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PesticideTest } from '../../contract/pesticide-tests'
import { PESTICIDE_TEST_LIST, PESTICIDE_TEST_SORTS } from '../../contract/pesticide-tests-list'
import { deviceCall, pesticideTest, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * The pesticide-test history as a list endpoint (issue 25 §3): the kit's list suite, scoped, on tests
 * sent through the device API. The clock stands at 2026-11-01 10:00 Shanghai; the default range is
 * the last 7 days (2026-10-26 to 2026-11-01).
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
let t: TestApp
let official: string
let a: Operator
let b: Operator

/** A's tests in the default range (every third fails), B's, and A's older ones outside it. */
const A_TESTS = 20
const B_TESTS = 8
const day = (n: number, time: string) => `2026-10-${String(26 + n).padStart(2, '0')}T${time}+08:00`

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 501)
  b = await withOperator(t, { token: official }, 502)
  await withMerchant(t, a.token, 1)
  await withMerchant(t, b.token, 2)
  const testerA = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
  const testerB = await withDevice(t, b.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
  const send = async (device: { code: string; secret: string }, events: unknown[]) => {
    const answer = await deviceCall(t, device, '/events', { events })
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  }
  await send(
    testerA,
    Array.from({ length: A_TESTS }, (_, i) =>
      pesticideTest(
        `A${i}`,
        day(i % 6, `0${i % 10}:1${i % 6}:00`),
        i % 3 === 0 ? 'fail' : 'pass',
        i % 3 === 0 ? 70 : 10,
        'A-1',
      ),
    ),
  )
  await send(testerA, [pesticideTest('old', '2026-10-20T09:00:00+08:00', 'fail', 80, 'A-1')])
  await send(
    testerB,
    Array.from({ length: B_TESTS }, (_, i) => pesticideTest(`B${i}`, day(i % 6, '09:00:00'), 'pass', 5, 'A-2')),
  )
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/pesticide-tests',
  context: () => ({
    t,
    token: official,
    path: '/api/pesticide-tests',
    total: A_TESTS + B_TESTS,
    scope: { operatorToken: a.token, ownMarketId: a.marketId, otherMarketId: b.marketId },
  }),
  sorts: PESTICIDE_TEST_SORTS,
  filters: PESTICIDE_TEST_LIST.filters,
  scoped: true,
  marketOf: (row) => row.market?.id,
})

describe('GET /api/pesticide-tests: order', () => {
  it('lists the failures first, each newest first, when asked', async () => {
    const answer = await t.call<{ list: PesticideTest[] }>('/api/pesticide-tests?sort=failures&pageSize=100', {
      method: 'GET',
      token: a.token,
    })
    const results = answer.body.data.list.map((row) => row.result)
    const failures = results.filter((result) => result === 'fail').length
    expect(failures).toBe(Math.ceil(A_TESTS / 3))
    expect(results).toEqual([
      ...Array<string>(failures).fill('fail'),
      ...Array<string>(A_TESTS - failures).fill('pass'),
    ])
    const failed = answer.body.data.list.slice(0, failures).map((row) => row.at)
    expect(failed).toEqual([...failed].sort().reverse())
  })
})
