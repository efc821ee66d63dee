import { and, eq, isNotNull } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MerchantLicences } from '../../contract/licences'
import { auditLog, licences, merchants } from '../../server/db/schema'
import { licenceJob } from '../../server/licences/job'
import { Scheduler } from '../../server/lib/scheduled-jobs'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * Licences (issue 26 §1): written with the merchant's and the market's forms, read with their states,
 * held to the caller's market; hostile days refused; the stored worst state right after 40 writes at
 * once; the daily job's reminders sent once, caught up after missed days, and the grace summary.
 * The test clock starts at 2026-11-01 10:00 in Shanghai.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>
type FieldError = { field: string; message: string }

const DAY = 86_400_000
const logger = pino({ level: 'silent' })
let t: TestApp
let official: string
let officialName: string
let a: Operator
let b: Operator

const api = () => typedApi(t.call)
const licence = (validUntil: string, validFrom = '2025-01-01') => ({
  number: `JY${validUntil.replaceAll('-', '')}`,
  authority: '广阳区市场监督管理局',
  validFrom,
  validUntil,
})
const both = (healthUntil: string | null, foodUntil: string | null = '2027-06-01'): MerchantLicences => ({
  health_certificate: healthUntil ? licence(healthUntil) : null,
  food_business_licence: foodUntil ? licence(foodUntil) : null,
})
async function register(n: number, merchantLicences?: MerchantLicences, token = a.token) {
  const answer = await api()(
    '/merchants',
    '$post',
    { json: { ...merchantInput(n), ...(merchantLicences ? { licences: merchantLicences } : {}) } },
    { token },
  )
  if (answer.body.code !== 20000) throw new Error(`could not register: ${answer.body.msg}`)
  return answer.body.data.id
}
const held = (id: string, token = a.token) => api()('/licences/merchants/:id', '$get', { param: { id } }, { token })
const listRow = async (id: string, token = a.token) => {
  const answer = await api()('/merchants', '$get', { query: { pageSize: 100 } }, { token })
  return answer.body.data.list.find((row) => row.id === id)
}
async function signInAgain() {
  a = { ...a, token: await t.tokenFor(a.username, 'Market123') }
  b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
  official = await t.tokenFor(officialName, 'Official123')
}
const messagesOf = async (token: string, type: 'todo' | 'notice', locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const answer = await api()('/messages', '$get', { query: { type, pageSize: 100 } }, { token, locale })
  return answer.body.data.list.filter((message) => message.messageType?.startsWith('licence_'))
}

beforeAll(async () => {
  t = await createTestApp()
  const signedIn = await withOfficial(t)
  official = signedIn.token
  officialName = signedIn.username
  a = await withOperator(t, { token: official }, 261)
  b = await withOperator(t, { token: official }, 262)
})
afterAll(async () => {
  await t.close()
})

describe('a merchant’s licences', () => {
  it('are registered with the merchant and read with their states; the list shows the worse', async () => {
    const id = await register(1, both('2026-11-20'))
    const answer = await held(id)
    expect(answer.body.code).toBe(20000)
    expect(answer.body.data.state).toBe('expiring')
    expect(answer.body.data.graceUntil).toBe('2026-12-30')
    expect(answer.body.data.licences.map((entry) => [entry.kind, entry.state])).toEqual([
      ['health_certificate', 'expiring'],
      ['food_business_licence', 'valid'],
    ])
    expect(answer.body.data.licences[0]!.licence).toMatchObject({
      authority: '广阳区市场监督管理局',
      validUntil: '2026-11-20',
    })
    expect((await listRow(id))?.licenceState).toBe('expiring')
    const [entry] = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, id), eq(auditLog.action, 'register')))
    expect(entry?.changes).toMatchObject({
      health_certificate: { before: null, after: 'JY20261120, 广阳区市场监督管理局, 2025-01-01 – 2026-11-20' },
    })
  })

  it('without any, the merchant is missing them; an edit that names none leaves them as they are', async () => {
    const id = await register(2)
    expect((await held(id)).body.data.licences.every((entry) => entry.state === 'missing')).toBe(true)
    expect((await listRow(id))?.licenceState).toBe('missing')
    const edit = (json: object) =>
      api()('/merchants/:id', '$put', { param: { id }, json: json as never }, { token: a.token })
    expect((await edit({ ...merchantInput(2), licences: both('2026-10-31', '2027-01-01') })).body.code).toBe(20000)
    expect((await listRow(id))?.licenceState).toBe('expired')
    expect((await edit({ ...merchantInput(2), notes: '改了备注' })).body.code).toBe(20000)
    expect((await held(id)).body.data.state).toBe('expired')
    expect((await edit({ ...merchantInput(2), licences: both(null, '2027-01-01') })).body.code).toBe(20000)
    expect((await held(id)).body.data.licences[0]!.licence).toBeNull()
    expect((await listRow(id))?.licenceState).toBe('missing')
  })

  it('refuses hostile days and shapes with a field error, never a 500', async () => {
    const cases: [unknown, string][] = [
      [
        { health_certificate: licence('2024-12-31'), food_business_licence: null },
        'licences.health_certificate.validUntil',
      ],
      [
        { health_certificate: licence('2026-02-30'), food_business_licence: null },
        'licences.health_certificate.validUntil',
      ],
      [
        { health_certificate: licence('3000-01-01'), food_business_licence: null },
        'licences.health_certificate.validUntil',
      ],
      [
        { health_certificate: licence('2027-01-01', '0001-01-01'), food_business_licence: null },
        'licences.health_certificate.validFrom',
      ],
      [
        { health_certificate: { ...licence('2027-01-01'), validUntil: 20270101 }, food_business_licence: null },
        'licences.health_certificate.validUntil',
      ],
      [
        { health_certificate: { ...licence('2027-01-01'), number: '' }, food_business_licence: null },
        'licences.health_certificate.number',
      ],
      [
        { health_certificate: licence('2027-01-01'), food_business_licence: null, business_licence: null },
        'licences.business_licence',
      ],
    ]
    for (const [given, field] of cases) {
      const answer = await t.call('/api/merchants', {
        method: 'POST',
        token: a.token,
        body: { ...merchantInput(3), licences: given },
      })
      expect(answer.status, field).toBe(400)
      expect(answer.body.code, field).toBe(40000)
      expect(
        (answer.body.data as FieldError[]).map((error) => error.field),
        field,
      ).toContain(field)
    }
  })

  it('another market’s merchant or market is not found, for reading and for the rules', async () => {
    const id = await register(4, both('2027-01-01'))
    expect((await held(id, b.token)).body.code).toBe(40400)
    const market = await api()('/licences/markets/:id', '$get', { param: { id: a.marketId } }, { token: b.token })
    expect(market.body.code).toBe(40400)
    const rules = await api()(
      '/licences/markets/:id/rules',
      '$put',
      { param: { id: a.marketId }, json: { licenceGraceDays: 1, complaintDeadlineDays: 1 } },
      { token: b.token },
    )
    expect(rules.body.code).toBe(40400)
    expect((await t.call('/api/licences/merchants/not-a-uuid', { method: 'GET', token: a.token })).body.code).toBe(
      40400,
    )
    // OFFICIAL reads any market's.
    expect((await held(id, official)).body.code).toBe(20000)
  })

  it('keeps one licence of a kind and the right stored state after 40 edits at once', async () => {
    const id = await register(5)
    const untils = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? '2026-11-10' : '2027-11-10'))
    const answers = await Promise.all(
      untils.map((until) =>
        api()(
          '/merchants/:id',
          '$put',
          { param: { id }, json: { ...merchantInput(5), licences: both(until) } },
          { token: a.token },
        ),
      ),
    )
    expect(answers.map((answer) => answer.body.code)).toEqual(untils.map(() => 20000))
    const rows = await t.db
      .select()
      .from(licences)
      .where(and(eq(licences.merchantId, id), isNotNull(licences.merchantId)))
    expect(rows.filter((row) => row.kind === 'health_certificate')).toHaveLength(1)
    const stored = rows.find((row) => row.kind === 'health_certificate')!.validUntil
    const [merchant] = await t.db.select({ state: merchants.licenceState }).from(merchants).where(eq(merchants.id, id))
    expect(merchant?.state).toBe(stored === '2026-11-10' ? 'expiring' : 'valid')
  })

  it('the list filters and sorts by the stored worst state', async () => {
    const expiring = await api()(
      '/merchants',
      '$get',
      { query: { licence: 'expiring', pageSize: 100 } },
      { token: a.token },
    )
    expect(expiring.body.data.list.length).toBeGreaterThan(0)
    expect(expiring.body.data.list.every((row) => row.licenceState === 'expiring')).toBe(true)
    expect(expiring.body.data.total).toBe(expiring.body.data.list.length)
    const sorted = await api()(
      '/merchants',
      '$get',
      { query: { sort: 'licence', order: 'asc', pageSize: 100 } },
      { token: a.token },
    )
    const order = ['expired', 'missing', 'expiring', 'valid']
    const ranks = sorted.body.data.list.map((row) => order.indexOf(row.licenceState))
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y))
    expect((await t.call('/api/merchants?licence=bad', { method: 'GET', token: a.token })).body.code).toBe(40000)
  })
})

describe('a market’s licences and rules', () => {
  it('are written with the market’s form by OFFICIAL and read by its operator', async () => {
    const current = await api()('/markets/:id', '$get', { param: { id: a.marketId } }, { token: official })
    const { id: _id, accountUk: _uk, registerTime: _time, ...fields } = current.body.data
    const saved = await api()(
      '/markets/:id',
      '$put',
      {
        param: { id: a.marketId },
        json: { ...fields, licences: { business_licence: licence('2030-01-01'), operating_licence: null } } as never,
      },
      { token: official },
    )
    expect(saved.body.code).toBe(20000)
    const answer = await api()('/licences/markets/:id', '$get', { param: { id: a.marketId } }, { token: a.token })
    expect(answer.body.data.licences.map((entry) => entry.state)).toEqual(['valid', 'missing'])
    expect(answer.body.data.state).toBe('missing')
  })

  it('its operator sets the grace and complaint days, checked and audited', async () => {
    const put = (json: object, token = a.token) =>
      t.call(`/api/licences/markets/${a.marketId}/rules`, { method: 'PUT', token, body: json })
    for (const bad of [
      { licenceGraceDays: -1, complaintDeadlineDays: 7 },
      { licenceGraceDays: 366, complaintDeadlineDays: 7 },
      { licenceGraceDays: 60, complaintDeadlineDays: 0 },
      { licenceGraceDays: 60, complaintDeadlineDays: 91 },
      { licenceGraceDays: 1.5, complaintDeadlineDays: 7 },
      { licenceGraceDays: '60', complaintDeadlineDays: 7 },
    ])
      expect((await put(bad)).body.code, JSON.stringify(bad)).toBe(40000)
    expect((await put({ licenceGraceDays: 90, complaintDeadlineDays: 10 })).body.code).toBe(20000)
    const read = await api()('/licences/markets/:id/rules', '$get', { param: { id: a.marketId } }, { token: a.token })
    expect(read.body.data).toEqual({ licenceGraceDays: 90, complaintDeadlineDays: 10, licenceGraceFrom: '2026-11-01' })
    const entries = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.recordId, a.marketId), eq(auditLog.action, 'edit')))
    expect(entries.some((entry) => JSON.stringify(entry.changes).includes('licenceGraceDays'))).toBe(true)
    // Back to the default for the job's tests below.
    expect((await put({ licenceGraceDays: 60, complaintDeadlineDays: 7 })).body.code).toBe(20000)
  })

  it('of 10 rule changes at once, each reads the one before it (the audit is one chain)', async () => {
    const values = Array.from({ length: 10 }, (_, i) => 100 + i)
    const answers = await Promise.all(
      values.map((licenceGraceDays, i) =>
        t.call(`/api/licences/markets/${a.marketId}/rules`, {
          method: 'PUT',
          token: i % 2 ? official : a.token,
          body: { licenceGraceDays, complaintDeadlineDays: 7 },
        }),
      ),
    )
    expect(answers.map((answer) => answer.body.code)).toEqual(values.map(() => 20000))
    const read = await api()('/licences/markets/:id/rules', '$get', { param: { id: a.marketId } }, { token: a.token })
    const last = read.body.data.licenceGraceDays
    expect(values).toContain(last)
    const changes = (
      await t.db
        .select({ changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.recordId, a.marketId), eq(auditLog.action, 'edit')))
    )
      .map((entry) => entry.changes?.licenceGraceDays)
      .filter((change) => change && values.includes(Number(change.after)))
    const next = new Map(changes.map((change) => [Number(change!.before), Number(change!.after)]))
    expect(next.size).toBe(10)
    let at = 60
    for (let i = 0; i < 10; i++) at = next.get(at) ?? Number.NaN
    expect(at).toBe(last)
    // Back to the default for the job's tests below.
    const reset = await t.call(`/api/licences/markets/${a.marketId}/rules`, {
      method: 'PUT',
      token: a.token,
      body: { licenceGraceDays: 60, complaintDeadlineDays: 7 },
    })
    expect(reset.body.code).toBe(20000)
  })

  it('counts the scope’s active merchants per state for the Workplace', async () => {
    await register(1, both('2027-01-01'), b.token)
    const mine = await api()('/licences/counts', '$get', { query: {} }, { token: a.token })
    const all = await api()('/licences/counts', '$get', { query: {} }, { token: official })
    const theirs = await api()('/licences/counts', '$get', { query: { market: b.marketId } }, { token: official })
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((x, y) => x + y, 0)
    expect(sum(mine.body.data)).toBe(4)
    expect(theirs.body.data).toEqual({ expired: 0, missing: 0, expiring: 0, valid: 1 })
    expect(sum(all.body.data)).toBe(5)
    // A MARKET caller naming another market still counts its own.
    const named = await api()('/licences/counts', '$get', { query: { market: b.marketId } }, { token: a.token })
    expect(named.body.data).toEqual(mine.body.data)
  })
})

describe('the daily licence job', () => {
  const scheduler = () => new Scheduler({ db: t.db, clock: t.time.clock, logger }, [licenceJob])
  let in30: string
  let in9: string
  let in31: string

  it('reminds the operators 30 and 7 days before, once with two instances at once; one grace summary; OFFICIAL one notice', async () => {
    in30 = await register(30, both('2026-12-01'))
    await register(7, both('2026-11-08'))
    in9 = await register(9, both('2026-11-09'))
    in31 = await register(31, both('2026-12-02'))
    await Promise.all([scheduler().tick(), scheduler().tick()])
    await scheduler().tick()
    const todos = await messagesOf(a.token, 'todo')
    const titles = todos.map((todo) => todo.title).sort()
    expect(titles).toEqual([
      'A licence expires within a month: 2026-12-01',
      'A licence expires within a week: 2026-11-08',
      "Enter your merchants' licences",
    ])
    expect(todos.find((todo) => todo.title.includes('month'))?.content).toContain('health certificate JY20261201')
    // Its grace names the merchants missing a licence and its last day (60 days from 2026-11-01).
    expect(todos.find((todo) => todo.title.startsWith('Enter'))?.content).toContain('2026-12-30')
    const zh = await messagesOf(a.token, 'todo', 'zh-CN')
    expect(zh.map((todo) => todo.title)).toContain('证照一个月内到期：2026-12-01')
    // B's merchant is valid for months: nothing for B.
    expect(await messagesOf(b.token, 'todo')).toEqual([])
    const notices = await messagesOf(official, 'notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.title).toBe('Licences on 2026-11-01')
    expect((await listRow(in30))?.licenceState).toBe('expiring')
    expect((await listRow(in31))?.licenceState).toBe('valid')
  })

  it('catches up the days it missed: the 7-day reminder of a day the server was down is sent', async () => {
    // Down three days: 2026-11-02 (when the licence valid to 11-09 was 7 days away) passed without a run.
    t.time.advance(3 * DAY)
    await signInAgain()
    await scheduler().tick()
    const todos = await messagesOf(a.token, 'todo')
    const reminded = todos
      .filter((todo) => todo.title.startsWith('A licence expires within a week'))
      .map((todo) => todo.title)
    // (The 40 edits above left merchant 5 with either last day: its reminder may be among these.)
    expect(reminded).toEqual(
      expect.arrayContaining([
        'A licence expires within a week: 2026-11-08',
        'A licence expires within a week: 2026-11-09',
      ]),
    )
    expect(new Set(reminded).size).toBe(reminded.length)
    // The grace summary is once a grace, not once a day.
    expect(todos.filter((todo) => todo.title.startsWith('Enter'))).toHaveLength(1)
    // The calendar alone moved the 31-day licence into expiring.
    expect((await listRow(in31))?.licenceState).toBe('expiring')
    expect((await held(in9)).body.data.state).toBe('expiring')
    await scheduler().tick()
    expect(await messagesOf(a.token, 'todo')).toHaveLength(todos.length)
  })

  it('reminds on the day itself, and the next day the state is expired', async () => {
    // 2026-11-08 00:05 in Shanghai: the licence valid until the 8th ends today.
    t.time.advance(4 * DAY)
    await signInAgain()
    await scheduler().tick()
    const today = (await messagesOf(a.token, 'todo')).filter((todo) => todo.title.includes('last valid day'))
    expect(today.map((todo) => todo.title)).toEqual(['A licence reaches its last valid day: 2026-11-08'])
    t.time.advance(DAY)
    await signInAgain()
    await scheduler().tick()
    const expired = await api()(
      '/merchants',
      '$get',
      { query: { licence: 'expired', pageSize: 100 } },
      { token: a.token },
    )
    expect(expired.body.data.list.map((row) => row.stallNo)).toContain('A-7')
  })
})
