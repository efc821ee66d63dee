import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FieldError } from '../../contract/api'
import { DEFAULT_CREDIT_WEIGHTS, type CreditWeights } from '../../contract/credit'
import { auditLog, markets, merchants } from '../../server/db/schema'
import { withMerchant } from '../helpers/devices'
import { resolvedComplaint } from '../helpers/complaints'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * A market's credit weights (issue 26 §3), set on its page: its operator its own, OFFICIAL any; bad
 * weights refused in words; each change audited as a field of the market and every merchant of the
 * market recomputed at once; several settings at once queue on the market's row.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>

let t: TestApp
let official: string
let a: Operator
let b: Operator
let m1: string
let m2: string
let m3: string

const api = () => typedApi(t.call)
const weightsOf = (overrides: Partial<CreditWeights> = {}): CreditWeights => ({
  ...DEFAULT_CREDIT_WEIGHTS,
  ...overrides,
})
const read = (marketId: string, token: string) =>
  api()('/credit/markets/:id/weights', '$get', { param: { id: marketId } }, { token })
const put = (marketId: string, weights: CreditWeights, token = a.token) =>
  api()('/credit/markets/:id/weights', '$put', { param: { id: marketId }, json: weights }, { token })
const putRaw = (marketId: string, body: unknown, token = a.token, locale = 'en-US') =>
  t.call(`/api/credit/markets/${marketId}/weights`, { method: 'PUT', token, body, locale })
const credit = async (id: string) => {
  const [row] = await t.db
    .select({ stars: merchants.creditStars, points: merchants.creditPoints, reasons: merchants.creditReasons })
    .from(merchants)
    .where(eq(merchants.id, id))
  return row
}
const stored = async (marketId: string) =>
  (await t.db.select({ weights: markets.creditWeights }).from(markets).where(eq(markets.id, marketId)))[0]?.weights
const weightEntries = async (marketId: string) =>
  (
    await t.db
      .select({ actor: auditLog.actorUk, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, marketId), eq(auditLog.area, 'market'), eq(auditLog.action, 'edit')))
  ).filter((entry) => Object.keys(entry.changes ?? {}).some((field) => field.startsWith('credit_weight_')))

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  m1 = await withMerchant(t, a.token, 1)
  m2 = await withMerchant(t, a.token, 2)
  m3 = await withMerchant(t, b.token, 3)
  // One upheld complaint against m1 (3 points by default: 4 stars), and one against B's m3.
  await resolvedComplaint(t, m1, 'upheld', a.token)
  await resolvedComplaint(t, m3, 'upheld', b.token)
})
afterAll(async () => {
  await t.close()
})

describe('a market’s credit weights', () => {
  it('start at the defaults, each marked as the default', async () => {
    const answer = await read(a.marketId, a.token)
    expect(answer.body.code).toBe(20000)
    expect(answer.body.data).toEqual({
      weights: DEFAULT_CREDIT_WEIGHTS,
      defaults: DEFAULT_CREDIT_WEIGHTS,
      isDefault: {
        complaint_upheld: true,
        complaint_partly_upheld: true,
        pesticide_failed: true,
        licence_expired: true,
        licence_missing: true,
      },
    })
    expect(await credit(m1)).toMatchObject({ stars: 4, points: 3 })
  })

  it('are read by the market’s operator and OFFICIAL; another market’s id or a bad one is not found', async () => {
    expect((await read(a.marketId, official)).body.code).toBe(20000)
    expect((await read(b.marketId, official)).body.code).toBe(20000)
    expect((await read(b.marketId, b.token)).body.code).toBe(20000)
    const foreign = await read(b.marketId, a.token)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe(40400)
    expect(foreign.body.data).toBeNull()
    const unknown = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f'
    expect((await read(unknown, official)).body.code).toBe(40400)
    expect((await t.call('/api/credit/markets/not-a-uuid/weights', { method: 'GET', token: official })).body.code).toBe(
      40400,
    )
  })

  it('another market’s operator cannot set them: not found, nothing stored, nothing logged', async () => {
    const answer = await put(a.marketId, weightsOf({ complaint_upheld: 20 }), b.token)
    expect(answer.body.code).toBe(40400)
    expect(await stored(a.marketId)).toEqual({})
    expect(await weightEntries(a.marketId)).toEqual([])
    expect(await credit(m1)).toMatchObject({ stars: 4, points: 3 })
    expect((await putRaw('not-a-uuid', weightsOf())).body.code).toBe(40400)
    expect((await put('0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', weightsOf(), official)).body.code).toBe(40400)
  })

  it('refuses weights that are not whole numbers from 0 to 20, missing or unknown reasons, in the caller’s words', async () => {
    const { complaint_upheld: _dropped, ...missing } = weightsOf()
    const bad: [string, unknown, string][] = [
      ['fraction', weightsOf({ complaint_upheld: 1.5 }), 'complaint_upheld'],
      ['negative', weightsOf({ pesticide_failed: -1 }), 'pesticide_failed'],
      ['over 20', weightsOf({ licence_missing: 21 }), 'licence_missing'],
      ['huge', weightsOf({ licence_expired: 1e300 }), 'licence_expired'],
      ['text', { ...weightsOf(), complaint_partly_upheld: '3' }, 'complaint_partly_upheld'],
      ['null', { ...weightsOf(), complaint_upheld: null }, 'complaint_upheld'],
      ['missing', missing, 'complaint_upheld'],
      ['unknown reason', { ...weightsOf(), late_payment: 3 }, 'late_payment'],
      ['__proto__', JSON.parse('{"__proto__": {"complaint_upheld": 9}}'), 'complaint_upheld'],
    ]
    for (const [what, body, field] of bad) {
      const answer = await putRaw(a.marketId, body)
      expect(answer.status, what).toBe(400)
      expect(answer.body.code, what).toBe(40000)
      const errors = answer.body.data as FieldError[]
      expect(
        errors.map((error) => error.field),
        what,
      ).toContain(field)
      expect(answer.body.msg, what).not.toMatch(/^validation_/)
    }
    const chinese = await putRaw(a.marketId, weightsOf({ complaint_upheld: 21 }), a.token, 'zh-CN')
    expect((chinese.body.data as FieldError[])[0]?.message).toBe('请输入 0 到 20 的整数分值')
    const english = await putRaw(a.marketId, weightsOf({ complaint_upheld: 21 }))
    expect((english.body.data as FieldError[])[0]?.message).toBe('A whole number of points from 0 to 20')
    for (const body of [null, [], 'weights', 3]) expect((await putRaw(a.marketId, body)).body.code).toBe(40000)
    const malformed = await t.call(`/api/credit/markets/${a.marketId}/weights`, {
      method: 'PUT',
      token: a.token,
      rawBody: '{"complaint_upheld": 3,',
    })
    expect(malformed.body.code).toBe(40000)
    const tooLarge = await t.call(`/api/credit/markets/${a.marketId}/weights`, {
      method: 'PUT',
      token: a.token,
      rawBody: JSON.stringify({ ...weightsOf(), padding: 'x'.repeat(300 * 1024) }),
    })
    expect(tooLarge.status).toBe(400)
    expect(tooLarge.body.code).toBe(40000)
    // Nothing of it was stored or logged.
    expect(await stored(a.marketId)).toEqual({})
    expect(await weightEntries(a.marketId)).toEqual([])
  })

  it('changes every merchant’s stars at once, audited as the market’s edit', async () => {
    const answer = await put(a.marketId, weightsOf({ complaint_upheld: 8, pesticide_failed: 0 }))
    expect(answer.body.code).toBe(20000)
    expect(answer.body.data.weights).toEqual(weightsOf({ complaint_upheld: 8, pesticide_failed: 0 }))
    expect(answer.body.data.isDefault).toEqual({
      complaint_upheld: false,
      complaint_partly_upheld: true,
      pesticide_failed: false,
      licence_expired: true,
      licence_missing: true,
    })
    // Only what differs from the defaults is stored: a weight left at its default follows the default.
    expect(await stored(a.marketId)).toEqual({ complaint_upheld: 8, pesticide_failed: 0 })
    expect(await credit(m1)).toEqual({
      stars: 2,
      points: 8,
      reasons: [{ reason: 'complaint_upheld', count: 1, points: 8 }],
    })
    expect(await credit(m2)).toMatchObject({ stars: 5, points: 0 })
    // Another market's merchant keeps its own market's weights.
    expect(await credit(m3)).toMatchObject({ stars: 4, points: 3 })
    expect((await read(a.marketId, official)).body.data.weights.complaint_upheld).toBe(8)
    const entries = await weightEntries(a.marketId)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.changes).toEqual({
      credit_weight_complaint_upheld: { before: '3', after: '8' },
      credit_weight_pesticide_failed: { before: '2', after: '0' },
    })
    // The operation log names the fields in words.
    const log = await api()('/audit', '$get', { query: { pageSize: 100 } }, { token: a.token })
    const entry = log.body.data.list.find((row) =>
      row.changes.some((c) => c.field === 'credit_weight_complaint_upheld'),
    )
    expect(entry?.record.id).toBe(a.marketId)
  })

  it('the same weights again change nothing and log nothing', async () => {
    expect((await put(a.marketId, weightsOf({ complaint_upheld: 8, pesticide_failed: 0 }))).body.code).toBe(20000)
    expect(await weightEntries(a.marketId)).toHaveLength(1)
  })

  it('a weight of 0 lists the record without counting it', async () => {
    expect((await put(a.marketId, weightsOf({ complaint_upheld: 0 }))).body.code).toBe(20000)
    expect(await credit(m1)).toEqual({
      stars: 5,
      points: 0,
      reasons: [{ reason: 'complaint_upheld', count: 1, points: 0 }],
    })
  })

  it('OFFICIAL sets another market’s; back to the defaults stores none', async () => {
    expect((await put(b.marketId, weightsOf({ complaint_upheld: 11 }), official)).body.code).toBe(20000)
    expect(await credit(m3)).toMatchObject({ stars: 1, points: 11 })
    expect((await read(b.marketId, b.token)).body.data.weights.complaint_upheld).toBe(11)
    const reset = await put(b.marketId, weightsOf(), b.token)
    expect(reset.body.data.isDefault.complaint_upheld).toBe(true)
    expect(await stored(b.marketId)).toEqual({})
    expect(await credit(m3)).toMatchObject({ stars: 4, points: 3 })
  })

  it('of 10 settings at once, each reads the one before it and the ratings follow the last', async () => {
    const before = (await read(a.marketId, a.token)).body.data.weights.complaint_upheld
    const values = Array.from({ length: 10 }, (_, i) => 11 + i)
    const answers = await Promise.all(
      values.map((value, i) => put(a.marketId, weightsOf({ complaint_upheld: value }), i % 2 ? official : a.token)),
    )
    expect(answers.map((answer) => answer.body.code)).toEqual(values.map(() => 20000))
    const last = (await stored(a.marketId))?.complaint_upheld
    expect(values).toContain(last)
    // Every merchant was computed with the weights that stand.
    expect(await credit(m1)).toEqual({
      stars: 1,
      points: last,
      reasons: [{ reason: 'complaint_upheld', count: 1, points: last }],
    })
    // The log is one chain from the weight before to the one that stands: no two settings read the same "before".
    const changes = (await weightEntries(a.marketId))
      .map((entry) => entry.changes?.credit_weight_complaint_upheld)
      .filter((change) => change && values.includes(Number(change.after)))
    expect(changes).toHaveLength(10)
    const next = new Map(changes.map((change) => [Number(change!.before), Number(change!.after)]))
    expect(next.size).toBe(10)
    let at = before
    for (let i = 0; i < 10; i++) at = next.get(at) ?? Number.NaN
    expect(at).toBe(last)
  })
})
