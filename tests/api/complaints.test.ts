import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, complaints, markets } from '../../server/db/schema'
import { parseCsv } from '../helpers/csv'
import { complaintInput, registeredComplaint } from '../helpers/complaints'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { PNG } from '../helpers/images'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'
import type { ApiInput } from '../../src/lib/api-routes'

/**
 * Complaints (issue 26 §2): registered by the market against a stall or merchant, moved received →
 * handling → resolved (or withdrawn) with who and when, audited; the complainant masked in lists and
 * the export, whole on the complaint's page; overdue past the market's deadline; every step safe when
 * two operators act at once; another market's complaints invisible.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type Input = ApiInput<'/complaints', '$post'>['json']
type FieldError = { field: string; message: string }

const DAY = 86_400_000
let t: TestApp
let official: string
let officialName: string
let a: Operator
let b: Operator
let merchantId: string

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await withOfficial(t)
  official = signedIn.token
  officialName = signedIn.username
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  const merchant = await api()(
    '/merchants',
    '$post',
    { json: merchantInput(1, { stallNo: 'A-12' }) },
    { token: a.token },
  )
  merchantId = merchant.body.data.id
})
afterAll(async () => {
  await t.close()
})

const api = () => typedApi(t.call)
/** Moves the clock on and signs everyone in again (a session does not outlive days of it). */
async function advance(ms: number) {
  t.time.advance(ms)
  a = { ...a, token: await t.tokenFor(a.username, 'Market123') }
  b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
  official = await t.tokenFor(officialName, 'Official123')
}
const input = (overrides: Partial<Input> = {}): Input => complaintInput(merchantId, overrides)
const register = (json: Input, token = a.token) => api()('/complaints', '$post', { json }, { token })
const registered = (json: Input = input(), token = a.token) => registeredComplaint(t, json, token)
const detail = (id: string, token = a.token) => api()('/complaints/:id', '$get', { param: { id } }, { token })
const list = (query: ApiInput<'/complaints', '$get'>['query'] = {}, token = a.token) =>
  api()('/complaints', '$get', { query }, { token })
const takeUp = (id: string, token = a.token, note = '') =>
  api()('/complaints/:id/take-up', '$post', { param: { id }, json: { note } }, { token })
const resolve = (id: string, json: ApiInput<'/complaints/:id/resolve', '$post'>['json'], token = a.token) =>
  api()('/complaints/:id/resolve', '$post', { param: { id }, json }, { token })
const withdraw = (id: string, token = a.token) =>
  api()('/complaints/:id/withdraw', '$post', { param: { id }, json: { note: '顾客已和商户协商好' } }, { token })

describe('registering a complaint', () => {
  it("takes the merchant's stall, numbers it in the market and makes it due after the market's deadline", async () => {
    const { id, no } = await registered()
    const shown = (await detail(id)).body.data
    expect(shown).toMatchObject({
      id,
      no,
      marketId: a.marketId,
      stallNo: 'A-12',
      merchant: { id: merchantId, name: '测试商户 1' },
      state: 'received',
      overdue: false,
      outcome: null,
      complainantName: '王秀英',
      complainantContact: '13812345678',
      photoFileIds: [],
      remedies: [],
    })
    expect(
      Date.parse(shown.dueTime.replace(' ', 'T') + '+08:00') -
        Date.parse(shown.receivedTime.replace(' ', 'T') + '+08:00'),
    ).toBe(7 * DAY)
    expect(shown.steps).toEqual([
      {
        state: 'received',
        time: shown.receivedTime,
        actor: { uk: expect.any(String), username: a.username },
        note: '',
      },
    ])
  })

  it('needs a stall or a merchant, and a merchant of its own market', async () => {
    const neither = await register(input({ merchantId: null, stallNo: '' }))
    expect(neither.body.code).toBe(40000)
    expect(neither.body.data as unknown as FieldError[]).toEqual([{ field: 'stallNo', message: expect.any(String) }])
    const other = await api()('/merchants', '$post', { json: merchantInput(2, { stallNo: 'B-1' }) }, { token: b.token })
    const foreign = await register(input({ merchantId: other.body.data.id }))
    expect(foreign.body.code).toBe(40000)
    expect(foreign.body.data as unknown as FieldError[]).toEqual([
      { field: 'merchantId', message: 'Merchant not found' },
    ])
    const stallOnly = await registered(input({ merchantId: null, stallNo: 'c-3' }))
    expect((await detail(stallOnly.id)).body.data).toMatchObject({ stallNo: 'C-3', merchant: null })
  })

  it('refuses hostile text, a bad phone, unknown choices and too many photos with field errors', async () => {
    const cases: [Partial<Input>, string][] = [
      [{ description: 'a\u0000b' }, 'description'],
      [{ description: '' }, 'description'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ complainantContact: '12345' }, 'complainantContact'],
      [{ category: 'rude' as never }, 'category'],
      [{ channel: '' as never }, 'channel'],
      [{ photoFileIds: Array.from({ length: 4 }, () => crypto.randomUUID()) }, 'photoFileIds'],
    ]
    for (const [overrides, field] of cases) {
      const answer = await register(input(overrides))
      expect(answer.body.code, field).toBe(40000)
      expect((answer.body.data as unknown as FieldError[]).map((error) => error.field)).toContain(field)
    }
  })

  it("claims its photos for the market; another market's photo is refused", async () => {
    const mine = (await t.upload<{ id: string }>(PNG, { token: a.token, type: 'image/png', filename: 'a.png' })).body
      .data.id
    const theirs = (await t.upload<{ id: string }>(PNG, { token: b.token, type: 'image/png', filename: 'b.png' })).body
      .data.id
    await api()(
      '/merchants',
      '$post',
      { json: merchantInput(3, { stallNo: 'B-2', healthCertificateFileId: theirs }) },
      { token: b.token },
    )
    const refused = await register(input({ photoFileIds: [theirs] }))
    expect(refused.body.code).toBe(40000)
    const { id } = await registered(input({ photoFileIds: [mine] }))
    expect((await detail(id)).body.data.photoFileIds).toEqual([mine])
  })

  it('gives 40 registrations at once 40 different numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => register(input())))
    expect(answers.every((answer) => answer.body.code === 20000)).toBe(true)
    const numbers = answers.map((answer) => answer.body.data.no)
    expect(new Set(numbers).size).toBe(40)
  })

  it('an operator registers only in its own market; OFFICIAL names the market', async () => {
    const elsewhere = await register(input({ marketId: b.marketId, merchantId: null, stallNo: 'B-1' }))
    expect(elsewhere.body.code).toBe(40300)
    const unnamed = await register(input({ merchantId: null, stallNo: 'B-1' }), official)
    expect(unnamed.body.code).toBe(40000)
    const byOfficial = await registered(input({ marketId: b.marketId, merchantId: null, stallNo: 'B-1' }), official)
    expect((await detail(byOfficial.id, b.token)).body.data.marketId).toBe(b.marketId)
  })
})

describe('handling a complaint', () => {
  it('moves received → handling → resolved with who and when, each step audited', async () => {
    const { id } = await registered()
    // A minute on: the log orders its entries by time, and two at one instant have no order.
    t.time.advance(60_000)
    expect((await takeUp(id, a.token, '已联系商户')).body.code).toBe(20000)
    await advance(3_600_000)
    const resolved = await resolve(id, { outcome: 'upheld', remedies: ['refund', 'warning'], note: '退还差价 4 元' })
    expect(resolved.body.code).toBe(20000)
    const shown = (await detail(id)).body.data
    expect(shown).toMatchObject({
      state: 'resolved',
      outcome: 'upheld',
      remedies: ['refund', 'warning'],
      overdue: false,
    })
    expect(shown.closedTime).not.toBeNull()
    expect(shown.steps.map((step) => [step.state, step.note])).toEqual([
      ['received', ''],
      ['handling', '已联系商户'],
      ['resolved', '退还差价 4 元'],
    ])
    const entries = await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.area, 'complaint'), eq(auditLog.recordId, id)))
      .orderBy(auditLog.at)
    expect(entries.map((entry) => entry.action)).toEqual(['register', 'take_up', 'resolve'])
    // The log never holds the complainant whole.
    expect(JSON.stringify(entries[0]?.changes)).toContain('138****5678')
    expect(JSON.stringify(entries[0]?.changes)).not.toContain('13812345678')
    expect(entries[2]?.changes).toMatchObject({
      state: { before: 'handling', after: 'resolved' },
      outcome: { after: 'upheld' },
    })
  })

  it('refuses steps out of order and remedies for a complaint not upheld', async () => {
    const { id } = await registered()
    const early = await resolve(id, { outcome: 'upheld', remedies: [], note: '' })
    expect(early.body.code).toBe(40900)
    expect(early.body.msg).toMatch(/moved on/)
    await takeUp(id)
    const twice = await takeUp(id)
    expect(twice.body.code).toBe(40900)
    const contradiction = await resolve(id, { outcome: 'not_upheld', remedies: ['fine'], note: '' })
    expect(contradiction.body.code).toBe(40000)
    expect((contradiction.body.data as unknown as FieldError[])[0]?.field).toBe('remedies')
    expect((await resolve(id, { outcome: 'not_upheld', remedies: [], note: '称重无误' })).body.code).toBe(20000)
    expect((await withdraw(id)).body.code).toBe(40900)
  })

  it('lets one of 40 operators acting at once take it up; the others are told it moved', async () => {
    const { id } = await registered()
    const answers = await Promise.all(Array.from({ length: 40 }, () => takeUp(id)))
    expect(answers.filter((answer) => answer.body.code === 20000)).toHaveLength(1)
    expect(answers.filter((answer) => answer.body.code === 40900)).toHaveLength(39)
    const steps = (await detail(id)).body.data.steps
    expect(steps.filter((step) => step.state === 'handling')).toHaveLength(1)
  })

  it('withdraws from received or handling', async () => {
    const first = await registered()
    expect((await withdraw(first.id)).body.code).toBe(20000)
    const second = await registered()
    await takeUp(second.id)
    expect((await withdraw(second.id)).body.code).toBe(20000)
    expect((await detail(second.id)).body.data).toMatchObject({ state: 'withdrawn', outcome: null })
  })

  it("hides another market's complaints: reading or moving one is 40400, as an unknown id is", async () => {
    const { id } = await registered()
    for (const answer of [await detail(id, b.token), await takeUp(id, b.token), await withdraw(id, b.token)])
      expect(answer.body.code).toBe(40400)
    expect((await detail('not-a-uuid')).body.code).toBe(40400)
    expect((await detail(crypto.randomUUID())).body.code).toBe(40400)
    expect(
      (await list({ market: a.marketId }, b.token)).body.data.list.every((row) => row.marketId === b.marketId),
    ).toBe(true)
    expect((await takeUp(id, official)).body.code).toBe(20000)
  })
})

describe('the list', () => {
  it('masks the complainant, marks overdue ones and filters them', async () => {
    await t.db.update(markets).set({ complaintDeadlineDays: 2 }).where(eq(markets.id, a.marketId))
    const late = await registered(input({ category: 'hygiene', description: '摊位地面积水发臭' }))
    const row = (await list({ q: `#${late.no}` })).body.data.list[0]
    expect(row).toMatchObject({
      id: late.id,
      complainantName: '王**',
      complainantContact: '138****5678',
      overdue: false,
    })
    await advance(2 * DAY + 1_000)
    const overdue = (await list({ overdue: 'yes' })).body.data
    expect(overdue.list.map((item) => item.id)).toContain(late.id)
    expect(overdue.list.every((item) => item.overdue && (item.state === 'received' || item.state === 'handling'))).toBe(
      true,
    )
    expect((await list({ category: 'hygiene' })).body.data.list.map((item) => item.id)).toEqual([late.id])
    expect((await list({ q: '积水' })).body.data.list.map((item) => item.id)).toEqual([late.id])
    const resolvedOnes = (await list({ state: 'resolved' })).body.data.list
    expect(resolvedOnes.length).toBeGreaterThan(0)
    expect(resolvedOnes.every((item) => !item.overdue)).toBe(true)
    await t.db.update(markets).set({ complaintDeadlineDays: 7 }).where(eq(markets.id, a.marketId))
  })

  it('counts the open ones by state and the overdue, each caller its own scope', async () => {
    const counts = async (token: string, market?: string) =>
      (await api()('/complaints/counts', '$get', { query: market ? { market } : {} }, { token })).body.data
    // Counted from the list itself: the same rows, whatever the earlier tests left.
    const total = async (query: ApiInput<'/complaints', '$get'>['query'], token: string) =>
      (await list({ ...query, pageSize: 1 }, token)).body.data.total
    const expected = async (token: string, market?: string) => ({
      received: await total({ state: 'received', market }, token),
      handling: await total({ state: 'handling', market }, token),
      overdue: await total({ overdue: 'yes', market }, token),
    })
    const mine = await counts(a.token)
    expect(mine).toEqual(await expected(a.token))
    expect(mine.received + mine.handling).toBeGreaterThan(0)
    expect(mine.overdue).toBeGreaterThan(0)
    // The other market's counts are not an operator's to read: it gets its own.
    expect(await counts(a.token, b.marketId)).toEqual(mine)
    const theirs = await counts(b.token)
    expect(theirs).toEqual(await expected(b.token))
    expect(await counts(official, a.marketId)).toEqual(mine)
    const all = await counts(official)
    expect(all).toEqual(await expected(official))
    expect(all.received).toBe(mine.received + theirs.received)
    // A complaint resolved leaves the counts.
    const { id } = await registered()
    expect((await counts(a.token)).received).toBe(mine.received + 1)
    expect((await withdraw(id)).body.code).toBe(20000)
    expect(await counts(a.token)).toEqual(mine)
  })

  it('keeps a complaint due when it was: changing the deadline later moves no open complaint', async () => {
    const { id } = await registered()
    const before = (await detail(id)).body.data.dueTime
    await t.db.update(markets).set({ complaintDeadlineDays: 30 }).where(eq(markets.id, a.marketId))
    expect((await detail(id)).body.data.dueTime).toBe(before)
    await t.db.update(markets).set({ complaintDeadlineDays: 7 }).where(eq(markets.id, a.marketId))
  })

  it('exports the filtered complaints as CSV, masked, translated, formulas neutralised', async () => {
    const { no } = await registered(input({ description: '=HYPERLINK("http://x")', category: 'price' }))
    const response = await t.request('/api/complaints/export?category=price', {
      method: 'GET',
      token: a.token,
      locale: 'zh-CN',
    })
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const rows = parseCsv(text)
    expect(rows[0]?.[0]).toBe('编号')
    const line = rows.find((cells) => cells[0] === String(no))
    expect(line).toBeDefined()
    expect(line).toContain('价格问题')
    expect(line).toContain('\'=HYPERLINK("http://x")')
    expect(line).toContain('138****5678')
    expect(text).not.toContain('13812345678')
    const theirs = await t.request('/api/complaints/export', { method: 'GET', token: b.token })
    expect(await theirs.text()).not.toContain('HYPERLINK')
  })

  it('stores nothing for a refused registration', async () => {
    const before = (await t.db.select({ id: complaints.id }).from(complaints)).length
    await register(input({ merchantId: crypto.randomUUID() }))
    expect((await t.db.select({ id: complaints.id }).from(complaints)).length).toBe(before)
  })
})
