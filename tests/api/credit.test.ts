import { eq, inArray } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditRecomputeJob } from '../../server/credit/job'
import { addDays, shanghaiToday } from '../../contract/time'
import { licences, markets, merchants } from '../../server/db/schema'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { parseCsv } from '../helpers/csv'
import { pesticideTest, sendEvents, withDevice, withMerchant } from '../helpers/devices'
import { complaintInput, registeredComplaint, resolveComplaint, takenUp } from '../helpers/complaints'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'
import type { ApiInput } from '../../src/lib/api-routes'

/**
 * A merchant's credit (issue 26 §3), computed by the server from the market's records: upheld and
 * partly upheld complaints and failed pesticide tests of the last 90 days, with the market's weights;
 * recomputed in the transaction that changes an input (two at once both count) and daily (records
 * age out); another merchant's and another market's untouched.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type Resolve = ApiInput<'/complaints/:id/resolve', '$post'>['json']

const DAY = 86_400_000
const logger = pino({ level: 'silent' })
let t: TestApp
let official: string
let officialName: string
let a: Operator
let b: Operator
let m1: string
let m2: string
let m3: string
let tester: { code: string; secret: string }

const api = () => typedApi(t.call)
const credit = async (id: string) => {
  const [row] = await t.db
    .select({ stars: merchants.creditStars, points: merchants.creditPoints, reasons: merchants.creditReasons })
    .from(merchants)
    .where(eq(merchants.id, id))
  return row
}
async function complaintAgainst(merchantId: string, token = a.token) {
  const { id } = await registeredComplaint(t, complaintInput(merchantId), token)
  await takenUp(t, id, token)
  return id
}
const resolve = (id: string, outcome: Resolve['outcome'], token = a.token) => resolveComplaint(t, id, outcome, token)
async function advance(ms: number) {
  t.time.advance(ms)
  a = { ...a, token: await t.tokenFor(a.username, 'Market123') }
  b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
  official = await t.tokenFor(officialName, 'Official123')
}

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await withOfficial(t)
  official = signedIn.token
  officialName = signedIn.username
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  m1 = await withMerchant(t, a.token, 1)
  m2 = await withMerchant(t, a.token, 2)
  m3 = await withMerchant(t, b.token, 3)
  tester = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'LAB' })
})
afterAll(async () => {
  await t.close()
})

describe('a merchant’s credit', () => {
  it('starts at five stars with no reasons', async () => {
    expect(await credit(m1)).toEqual({ stars: 5, points: 0, reasons: [] })
  })

  it('falls with an upheld complaint, at once, and says why', async () => {
    expect((await resolve(await complaintAgainst(m1), 'upheld')).body.code).toBe(20000)
    expect(await credit(m1)).toEqual({
      stars: 4,
      points: 3,
      reasons: [{ reason: 'complaint_upheld', count: 1, points: 3 }],
    })
    expect(await credit(m2)).toEqual({ stars: 5, points: 0, reasons: [] })
  })

  it('reads the same on the merchant’s page, in the list and in the export', async () => {
    const page = (await api()('/merchants/:id/detail', '$get', { param: { id: m1 } }, { token: a.token })).body.data
    expect(page.creditStars).toBe(4)
    expect(page.credit).toMatchObject({ points: 3, reasons: [{ reason: 'complaint_upheld', count: 1, points: 3 }] })
    expect(page.credit.computedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const listed = (await api()('/merchants', '$get', { query: { pageSize: 100 } }, { token: a.token })).body.data.list
    expect(listed.find((row) => row.id === m1)?.creditStars).toBe(4)
    expect(listed.find((row) => row.id === m2)?.creditStars).toBe(5)
    const csv = await (await t.request('/api/merchants/export', { method: 'GET', token: a.token })).text()
    const rows = parseCsv(csv.replace(/^\uFEFF/, ''))
    const column = rows[0]!.indexOf('Credit')
    expect(rows.find((row) => row.includes(page.accountUsername))?.[column]).toBe('4')
  })

  it('counts every one of many complaints resolved at once (none of the recomputes misses another)', async () => {
    const ids: string[] = []
    for (let i = 0; i < 12; i++) ids.push(await complaintAgainst(m2))
    const answers = await Promise.all(ids.map((id) => resolve(id, 'partly_upheld')))
    expect(answers.map((answer) => answer.body.code)).toEqual(ids.map(() => 20000))
    expect(await credit(m2)).toEqual({
      stars: 1,
      points: 24,
      reasons: [{ reason: 'complaint_partly_upheld', count: 12, points: 24 }],
    })
  })

  it('does not fall for a complaint not upheld or withdrawn', async () => {
    const before = await credit(m1)
    expect((await resolve(await complaintAgainst(m1), 'not_upheld')).body.code).toBe(20000)
    const withdrawn = await complaintAgainst(m1)
    await api()(
      '/complaints/:id/withdraw',
      '$post',
      { param: { id: withdrawn }, json: { note: '' } },
      { token: a.token },
    )
    expect(await credit(m1)).toEqual(before)
  })

  it('falls with a failed pesticide test at its stall, and not for a passed one', async () => {
    await sendEvents(t, tester, [
      pesticideTest(
        `pt-fail-${Date.now()}`,
        new Date(t.time.clock().getTime() - 60_000).toISOString(),
        'fail',
        72,
        'A-1',
      ),
      pesticideTest(
        `pt-pass-${Date.now()}`,
        new Date(t.time.clock().getTime() - 30_000).toISOString(),
        'pass',
        12,
        'A-2',
      ),
    ])
    expect(await credit(m1)).toEqual({
      stars: 3,
      points: 5,
      reasons: [
        { reason: 'complaint_upheld', count: 1, points: 3 },
        { reason: 'pesticide_failed', count: 1, points: 2 },
      ],
    })
    expect((await credit(m2))?.points).toBe(24)
    // Another market's merchant never moved.
    expect(await credit(m3)).toEqual({ stars: 5, points: 0, reasons: [] })
  })

  it('follows the market’s weights at the daily recompute', async () => {
    await t.db
      .update(markets)
      .set({ creditWeights: { pesticide_failed: 0 } })
      .where(eq(markets.id, a.marketId))
    await advance(DAY)
    await new Scheduler({ db: t.db, clock: t.time.clock, logger }, [creditRecomputeJob]).tick()
    expect(await credit(m1)).toEqual({
      stars: 4,
      points: 3,
      reasons: [
        { reason: 'complaint_upheld', count: 1, points: 3 },
        { reason: 'pesticide_failed', count: 1, points: 0 },
      ],
    })
  })

  it('comes back as the records age out past 90 days, by the daily job alone; missing licences count after the grace', async () => {
    await advance(91 * DAY)
    await new Scheduler({ db: t.db, clock: t.time.clock, logger }, [creditRecomputeJob]).tick()
    const rows = await t.db
      .select({ stars: merchants.creditStars, points: merchants.creditPoints, reasons: merchants.creditReasons })
      .from(merchants)
      .where(inArray(merchants.id, [m1, m2, m3]))
    // The complaints and the test aged out; the market's 60 days of grace are over, and none of the
    // three has entered its two licences.
    expect(rows).toEqual(
      [m1, m2, m3].map(() => ({
        stars: 3,
        points: 4,
        reasons: [{ reason: 'licence_missing', count: 2, points: 4 }],
      })),
    )
  })

  it('counts a licence past its last day, and nothing for licences held and valid', async () => {
    const today = shanghaiToday(t.time.clock())
    const licence = (merchantId: string, kind: string, validUntil: string) => ({
      marketId: a.marketId,
      merchantId,
      kind,
      number: `L-${kind}`,
      authority: '市场监督管理局',
      validFrom: addDays(today, -400),
      validUntil,
    })
    await t.db
      .insert(licences)
      .values([
        licence(m1, 'health_certificate', addDays(today, 200)),
        licence(m1, 'food_business_licence', addDays(today, -1)),
        licence(m2, 'health_certificate', addDays(today, 200)),
        licence(m2, 'food_business_licence', addDays(today, 300)),
      ])
    await advance(DAY)
    await new Scheduler({ db: t.db, clock: t.time.clock, logger }, [creditRecomputeJob]).tick()
    expect(await credit(m1)).toEqual({
      stars: 4,
      points: 3,
      reasons: [{ reason: 'licence_expired', count: 1, points: 3 }],
    })
    expect(await credit(m2)).toEqual({ stars: 5, points: 0, reasons: [] })
  })
})
