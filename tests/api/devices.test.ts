import { createHash, randomUUID } from 'node:crypto'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceKind } from '../../contract/device-list'
import { auditLog, devices, transactions, users } from '../../server/db/schema'
import { deviceCall, payment, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * Binding, unbinding and re-keying devices (issue 9): who may do it where, what is refused, that a
 * secret is shown once and kept only as a hash, and that unbinding and rotating take effect at once.
 */

type Operator = Awaited<ReturnType<typeof withOperator>>
type FieldError = { field: string; message: string }
type Secret = { id: string; code: string; secret: string }

let t: TestApp
let official: string
let officialUk: string
/** Two markets with their operators signed in: A does the work, B is the other market. */
let a: Operator
let b: Operator
let merchantA: string
let merchantA2: string
let merchantB: string
/** The test clock's now: 2026-11-01T02:00:00Z (10:00 in Shanghai). */
const AT = '2026-11-01T09:30:00+08:00'

let serial = 0
/** A code no other test uses. */
const newCode = () => `BIND-${process.pid}-${++serial}`

beforeAll(async () => {
  t = await createTestApp()
  ;({ token: official, uk: officialUk } = await withOfficial(t))
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  merchantA = await withMerchant(t, a.token, 1)
  merchantA2 = await withMerchant(t, a.token, 2)
  merchantB = await withMerchant(t, b.token, 3)
})
afterAll(async () => {
  await t.close()
})

const api = () => typedApi(t.call)
type BindInput = {
  code: string
  kind: DeviceKind
  merchantId?: string | null
  stallNo?: string
  marketId?: string
}
const bind = (input: BindInput, token: string) => api()('/devices', '$post', { json: input }, { token })
const unbind = (id: string, token: string) => api()('/devices/:id/unbind', '$post', { param: { id } }, { token })
const rotate = (id: string, token: string) => api()('/devices/:id/rotate-secret', '$post', { param: { id } }, { token })
const list = (token: string, query: { q?: string; market?: string } = {}) =>
  api()('/devices', '$get', { query: { pageSize: 100, ...query } }, { token })

/** Binds and answers the secret, failing the test if the bind is refused. */
async function bound(input: BindInput, token: string): Promise<Secret> {
  const answer = await bind(input, token)
  if (answer.body.code !== 20000) throw new Error(`could not bind ${input.code}: ${answer.body.msg}`)
  return answer.body.data
}
const rowOf = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!
const deviceCount = async () => (await t.db.select({ n: count() }).from(devices))[0]!.n
const boundRowsOf = async (code: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.code, code), isNull(devices.unboundAt)))
  )[0]!.n
const ukOf = async (username: string) =>
  (await t.db.select({ uk: users.uk }).from(users).where(eq(users.username, username)))[0]!.uk
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
let addresses = 0
/**
 * Whether the device API takes these credentials (a heartbeat). Each call from an address of its own:
 * refusals count against the address (30 in 15 minutes), and this file makes more than that.
 */
const works = async (device: { code: string; secret: string }) =>
  (
    await deviceCall(
      t,
      device,
      '/heartbeat',
      {},
      { address: `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}` },
    )
  ).body.code === 20000

describe('binding: who binds where', () => {
  it('an operator binds in its own market, named or implied; naming another market is 40300 and binds nothing', async () => {
    const implied = await bound({ code: newCode(), kind: 'payment_terminal', merchantId: merchantA }, a.token)
    expect((await rowOf(implied.id)).marketId).toBe(a.marketId)
    const named = await bound(
      { code: newCode(), kind: 'passenger_counter', stallNo: '东门', marketId: a.marketId },
      a.token,
    )
    expect((await rowOf(named.id)).marketId).toBe(a.marketId)

    const before = await deviceCount()
    const code = newCode()
    const elsewhere = await bind({ code, kind: 'passenger_counter', stallNo: 'GATE-1', marketId: b.marketId }, a.token)
    expect(elsewhere.body.code).toBe(40300)
    // Also with B's own merchant: the market named decides, and it is not A's.
    const withB = await bind({ code, kind: 'payment_terminal', merchantId: merchantB, marketId: b.marketId }, a.token)
    expect(withB.body.code).toBe(40300)
    expect(await deviceCount()).toBe(before)
  })

  it('an OFFICIAL names the market: without it, or with one that does not exist, nothing is bound', async () => {
    const before = await deviceCount()
    const missing = await t.call<FieldError[]>('/api/devices', {
      token: official,
      body: { code: newCode(), kind: 'passenger_counter', stallNo: 'GATE' },
    })
    expect(missing.body.code).toBe(40000)
    expect(missing.body.data.map((error) => error.field)).toEqual(['marketId'])
    const unknown = await t.call<FieldError[]>('/api/devices', {
      token: official,
      body: { code: newCode(), kind: 'passenger_counter', stallNo: 'GATE', marketId: randomUUID() },
    })
    expect(unknown.body.code).toBe(40000)
    expect(unknown.body.data.map((error) => error.field)).toEqual(['marketId'])
    expect(await deviceCount()).toBe(before)

    const device = await bound(
      { code: newCode(), kind: 'payment_terminal', merchantId: merchantB, marketId: b.marketId },
      official,
    )
    const row = await rowOf(device.id)
    expect({ marketId: row.marketId, merchantId: row.merchantId, stallNo: row.stallNo }).toEqual({
      marketId: b.marketId,
      merchantId: merchantB,
      stallNo: 'A-3',
    })
    // B's operator sees it, A's does not.
    expect((await list(b.token)).body.data.list.map((item) => item.id)).toContain(device.id)
    expect((await list(a.token)).body.data.list.map((item) => item.id)).not.toContain(device.id)
  })

  it('the list with ?market= of another market still shows an operator only its own devices', async () => {
    const own = await bound({ code: newCode(), kind: 'pesticide_tester', stallNo: '检测室' }, a.token)
    const other = await bound({ code: newCode(), kind: 'pesticide_tester', stallNo: '检测室' }, b.token)
    for (const query of [{}, { market: b.marketId }]) {
      const answer = await list(a.token, query)
      expect(answer.body.code).toBe(20000)
      const ids = answer.body.data.list.map((item) => item.id)
      expect(ids).toContain(own.id)
      expect(ids).not.toContain(other.id)
      expect(answer.body.data.list.every((item) => item.marketId === a.marketId)).toBe(true)
    }
    // An OFFICIAL asking for B gets only B.
    const forB = await list(official, { market: b.marketId })
    expect(forB.body.data.list.map((item) => item.id)).toContain(other.id)
    expect(forB.body.data.list.every((item) => item.marketId === b.marketId)).toBe(true)
  })

  it("another market's device is not found for an operator: unbinding and rotating it change nothing", async () => {
    const theirs = await bound({ code: newCode(), kind: 'payment_terminal', merchantId: merchantB }, b.token)
    const before = await rowOf(theirs.id)
    const audits = (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, theirs.id)))[0]!.n
    expect((await unbind(theirs.id, a.token)).body.code).toBe(40400)
    const rotated = await rotate(theirs.id, a.token)
    expect(rotated.body.code).toBe(40400)
    expect(rotated.body.data).toBeNull()
    expect(await rowOf(theirs.id)).toEqual(before)
    expect((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, theirs.id)))[0]!.n).toBe(
      audits,
    )
    expect(await works(theirs)).toBe(true)
    // An unknown id is not found either; an id that is no uuid is refused as input, saying the same.
    const unknown = await unbind(randomUUID(), a.token)
    expect(unknown.body.code).toBe(40400)
    const malformed = await t.call(`/api/devices/not-a-uuid/rotate-secret`, { token: a.token })
    expect(malformed.body).toMatchObject({ code: 40000, msg: unknown.body.msg })
    // Its own operator and an OFFICIAL may.
    expect((await rotate(theirs.id, official)).body.code).toBe(20000)
    expect((await unbind(theirs.id, b.token)).body.code).toBe(20000)
  })
})

describe('binding: what a binding needs', () => {
  it('a code bound anywhere is refused with 40900 on the code field, in any letter case', async () => {
    const code = newCode()
    await bound({ code, kind: 'payment_terminal', merchantId: merchantA }, a.token)
    for (const [token, input] of [
      [a.token, { code, kind: 'scale', merchantId: merchantA2 }],
      [b.token, { code: code.toLowerCase(), kind: 'passenger_counter', stallNo: 'GATE' }],
      [official, { code, kind: 'passenger_counter', stallNo: 'GATE', marketId: b.marketId }],
    ] as const) {
      const answer = await t.call<FieldError[]>('/api/devices', { token, body: input })
      expect(answer.status).toBe(409)
      expect(answer.body.code).toBe(40900)
      expect(answer.body.data.map((error) => error.field)).toEqual(['code'])
      expect(answer.body.msg).toMatch(/already bound/)
    }
    expect(await boundRowsOf(code)).toBe(1)
  })

  it('the same bind sent 40 times at once binds once: one 20000, 39 × 40900, one row', async () => {
    const code = newCode()
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => bind({ code, kind: 'payment_terminal', merchantId: merchantA }, a.token)),
    )
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((c) => c === 20000)).toHaveLength(1)
    expect(codes.filter((c) => c === 40900)).toHaveLength(39)
    expect(await boundRowsOf(code)).toBe(1)
    // The one secret answered is the one that works.
    const winner = answers.find((answer) => answer.body.code === 20000)!.body.data
    expect(await works(winner)).toBe(true)
  })

  it('one code bound from two markets at once goes to one of them', async () => {
    const code = newCode()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? bind({ code, kind: 'passenger_counter', stallNo: 'GATE' }, a.token)
          : bind({ code, kind: 'passenger_counter', stallNo: 'GATE' }, b.token),
      ),
    )
    expect(answers.filter((answer) => answer.body.code === 20000)).toHaveLength(1)
    expect(answers.filter((answer) => answer.body.code === 40900)).toHaveLength(19)
    expect(await boundRowsOf(code)).toBe(1)
  })

  it.each(['payment_terminal', 'scale'] as const)(
    'a %s needs an active merchant of the market (field merchantId)',
    async (kind) => {
      const before = await deviceCount()
      const refusals = [
        { code: newCode(), kind, stallNo: 'A-1' },
        { code: newCode(), kind, merchantId: null, stallNo: 'A-1' },
        { code: newCode(), kind, merchantId: merchantB },
        { code: newCode(), kind, merchantId: randomUUID() },
      ]
      for (const input of refusals) {
        const answer = await t.call<FieldError[]>('/api/devices', { token: a.token, body: input })
        expect(answer.body.code, JSON.stringify(input)).toBe(40000)
        expect(answer.body.data.map((error) => error.field)).toEqual(['merchantId'])
      }
      // An OFFICIAL naming market A with B's merchant is refused the same way.
      const mixed = await t.call<FieldError[]>('/api/devices', {
        token: official,
        body: { code: newCode(), kind, merchantId: merchantB, marketId: a.marketId },
      })
      expect(mixed.body.data.map((error) => error.field)).toEqual(['merchantId'])
      expect(await deviceCount()).toBe(before)
    },
  )

  it('a merchant who left cannot be given a device', async () => {
    const leaving = await withMerchant(t, a.token, 40)
    const left = await api()('/merchants/:id/leave', '$post', { param: { id: leaving } }, { token: a.token })
    expect(left.body.code).toBe(20000)
    const answer = await t.call<FieldError[]>('/api/devices', {
      token: a.token,
      body: { code: newCode(), kind: 'scale', merchantId: leaving },
    })
    expect(answer.body.code).toBe(40000)
    expect(answer.body.data.map((error) => error.field)).toEqual(['merchantId'])
  })

  it.each(['passenger_counter', 'pesticide_tester'] as const)(
    'a %s needs a place (field stallNo), a merchant optional',
    async (kind) => {
      for (const input of [
        { code: newCode(), kind },
        { code: newCode(), kind, stallNo: '' },
      ]) {
        const answer = await t.call<FieldError[]>('/api/devices', { token: a.token, body: input })
        expect(answer.body.code).toBe(40000)
        expect(answer.body.data.map((error) => error.field)).toEqual(['stallNo'])
      }
      const atGate = await bound({ code: newCode(), kind, stallNo: 'north-gate' }, a.token)
      expect(await rowOf(atGate.id)).toMatchObject({ stallNo: 'NORTH-GATE', merchantId: null })
      // With a merchant, the stall is the merchant's.
      const atStall = await bound({ code: newCode(), kind, merchantId: merchantA2, stallNo: 'X-9' }, a.token)
      expect(await rowOf(atStall.id)).toMatchObject({ stallNo: 'A-2', merchantId: merchantA2 })
    },
  )

  it.each([
    ['NUL in the code', { code: 'DEV\u0000CODE' }],
    ['a lone surrogate in the code', { code: 'DEV\ud800CODE' }],
    ['a 10 KB code', { code: 'D'.repeat(10_240) }],
    ['a code with spaces', { code: 'DEV CODE' }],
    ['a code of 3 characters', { code: 'DEV' }],
    ['a code that is a number', { code: 12345678 }],
    ['NUL in the place', { stallNo: 'GATE\u0000' }],
    ['a lone surrogate in the place', { stallNo: '\udc00' }],
    ['a 10 KB place', { stallNo: '门'.repeat(10_240) }],
    ['an unknown kind', { kind: 'toaster' }],
    ['a merchant id that is no uuid', { merchantId: 'merchant\u0000' }],
    ['a market id that is no uuid', { marketId: '\ud800' }],
  ])('refuses %s with 40000, never 500, and binds nothing', async (_label, change) => {
    const before = await deviceCount()
    const answer = await t.call('/api/devices', {
      token: a.token,
      body: { code: newCode(), kind: 'passenger_counter', stallNo: 'GATE', ...change },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(40000)
    expect(await deviceCount()).toBe(before)
  })
})

describe('secrets', () => {
  it('are shown once: the answer has it, the database only its SHA-256, the list never', async () => {
    const device = await bound({ code: newCode(), kind: 'payment_terminal', merchantId: merchantA }, a.token)
    expect(device.secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await rowOf(device.id)
    expect(row.secretHash).toBe(sha256(device.secret))
    expect(JSON.stringify(row)).not.toContain(device.secret)
    for (const token of [a.token, official]) {
      const shown = JSON.stringify((await list(token, { q: device.code })).body)
      expect(shown).toContain(device.id)
      expect(shown).not.toContain(device.secret)
      expect(shown).not.toContain(row.secretHash!)
      expect(shown).not.toMatch(/secret/i)
    }
    // Two bindings never share a secret.
    const other = await bound({ code: newCode(), kind: 'payment_terminal', merchantId: merchantA }, a.token)
    expect(other.secret).not.toBe(device.secret)
  })

  it('rotating: the old secret is refused at once, the new one works, only its hash is kept', async () => {
    const device = await bound({ code: newCode(), kind: 'scale', merchantId: merchantA }, a.token)
    expect(await works(device)).toBe(true)
    const rotated = await rotate(device.id, a.token)
    expect(rotated.body.code).toBe(20000)
    const fresh = rotated.body.data
    expect(fresh).toMatchObject({ id: device.id, code: device.code })
    expect(fresh.secret).not.toBe(device.secret)
    expect(await works(device)).toBe(false)
    expect(await works(fresh)).toBe(true)
    expect((await rowOf(device.id)).secretHash).toBe(sha256(fresh.secret))
    // An OFFICIAL may rotate too.
    const again = await rotate(device.id, official)
    expect(await works(fresh)).toBe(false)
    expect(await works(again.body.data)).toBe(true)
  })

  it('ten rotations at once all answer, and exactly one of their secrets works: the one stored', async () => {
    const device = await bound({ code: newCode(), kind: 'scale', merchantId: merchantA }, a.token)
    const answers = await Promise.all(Array.from({ length: 10 }, () => rotate(device.id, a.token)))
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(10).fill(20000))
    const stored = (await rowOf(device.id)).secretHash
    const secrets = answers.map((answer) => answer.body.data.secret)
    expect(secrets.filter((secret) => sha256(secret) === stored)).toHaveLength(1)
    // (Checked with few calls: ten failures would lock the code.)
    const winner = secrets.find((secret) => sha256(secret) === stored)!
    expect(await works({ code: device.code, secret: winner })).toBe(true)
    expect(await works(device)).toBe(false)
    const loser = secrets.find((secret) => sha256(secret) !== stored)
    if (loser) expect(await works({ code: device.code, secret: loser })).toBe(false)
  })
})

describe('unbinding', () => {
  it("refuses the device's next call at once; its history keeps the merchant; the list drops it", async () => {
    const device = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    const sent = await deviceCall(t, device, '/events', { events: [payment('u-1', 1500, AT), payment('u-2', 700, AT)] })
    expect(sent.body.code).toBe(20000)
    expect((await unbind(device.id, a.token)).body.code).toBe(20000)
    expect(await works(device)).toBe(false)
    const refused = await deviceCall(t, device, '/events', { events: [payment('u-3', 100, AT)] })
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe(40100)
    const row = await rowOf(device.id)
    expect(row.secretHash).toBeNull()
    expect(row.unboundAt).toEqual(t.time.clock())
    const history = await t.db
      .select({ eventId: transactions.eventId, merchantId: transactions.merchantId })
      .from(transactions)
      .where(eq(transactions.deviceId, device.id))
    expect(history.sort((x, y) => x.eventId.localeCompare(y.eventId))).toEqual([
      { eventId: 'u-1', merchantId: merchantA },
      { eventId: 'u-2', merchantId: merchantA },
    ])
    expect((await list(a.token, { q: device.code })).body.data.list).toEqual([])
    // Unbinding or rotating it again: not found.
    expect((await unbind(device.id, a.token)).body.code).toBe(40400)
    expect((await rotate(device.id, official)).body.code).toBe(40400)
    expect((await rowOf(device.id)).secretHash).toBeNull()
  })

  it('ten unbinds at once: one 20000, the rest 40400, one audit row', async () => {
    const device = await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'GATE' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => unbind(device.id, a.token)))
    const codes = answers.map((answer) => answer.body.code)
    expect(codes.filter((c) => c === 20000)).toHaveLength(1)
    expect(codes.filter((c) => c === 40400)).toHaveLength(9)
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, device.id), eq(auditLog.action, 'unbind')))
    expect(audits).toHaveLength(1)
  })

  it('a rotation racing an unbind never leaves a working secret behind', async () => {
    const device = await withDevice(t, a.token, { kind: 'scale', merchantId: merchantA })
    const [rotated, unbound] = await Promise.all([rotate(device.id, a.token), unbind(device.id, a.token)])
    expect(unbound.body.code).toBe(20000)
    expect((await rowOf(device.id)).secretHash).toBeNull()
    expect(await works(device)).toBe(false)
    if (rotated.body.code === 20000) expect(await works(rotated.body.data)).toBe(false)
    else expect(rotated.body.code).toBe(40400)
  })

  it('the same code binds again after unbinding, with a fresh secret; the old binding keeps its history', async () => {
    const first = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
    expect((await deviceCall(t, first, '/events', { events: [payment('r-1', 900, AT)] })).body.code).toBe(20000)
    expect((await unbind(first.id, a.token)).body.code).toBe(20000)

    const second = await bound({ code: first.code, kind: 'payment_terminal', merchantId: merchantA2 }, a.token)
    expect(second.id).not.toBe(first.id)
    expect(second.secret).not.toBe(first.secret)
    expect(await works(first)).toBe(false)
    expect(await works(second)).toBe(true)
    // Its event ids carry over in this market (the ledger is the device's, not the binding's): r-1
    // resent is a duplicate; r-2 is new and goes to the new merchant.
    const sent = await deviceCall(t, second, '/events', { events: [payment('r-1', 900, AT), payment('r-2', 400, AT)] })
    expect(sent.body.data).toEqual({ accepted: ['r-2'], duplicates: ['r-1'] })
    const rows = await t.db
      .select({
        deviceId: transactions.deviceId,
        merchantId: transactions.merchantId,
        amountFen: transactions.amountFen,
      })
      .from(transactions)
      .where(inArray(transactions.deviceId, [first.id, second.id]))
    expect(rows.sort((x, y) => x.amountFen - y.amountFen)).toEqual([
      { deviceId: second.id, merchantId: merchantA2, amountFen: 400 },
      { deviceId: first.id, merchantId: merchantA, amountFen: 900 },
    ])
    expect(await boundRowsOf(first.code)).toBe(1)
  })
})

describe('audit', () => {
  it('records bind, rotate and unbind with who did it, and never the secret or its hash', async () => {
    const device = await bound({ code: newCode(), kind: 'payment_terminal', merchantId: merchantA }, a.token)
    const rotated = (await rotate(device.id, official)).body.data
    const hash = (await rowOf(device.id)).secretHash!
    expect((await unbind(device.id, a.token)).body.code).toBe(20000)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.recordId, device.id))
    const operatorUk = await ukOf(a.username)
    expect(
      rows
        .map((row) => ({ action: row.action, area: row.area, actorUk: row.actorUk, marketId: row.marketId }))
        .sort((x, y) => x.action.localeCompare(y.action)),
    ).toEqual([
      { action: 'bind', area: 'device', actorUk: operatorUk, marketId: a.marketId },
      { action: 'rotate_secret', area: 'device', actorUk: officialUk, marketId: a.marketId },
      { action: 'unbind', area: 'device', actorUk: operatorUk, marketId: a.marketId },
    ])
    const bindRow = rows.find((row) => row.action === 'bind')!
    expect(bindRow.changes).toMatchObject({
      code: { before: null, after: device.code },
      kind: { before: null, after: 'payment_terminal' },
      merchant: { before: null, after: expect.any(String) },
    })
    const text = JSON.stringify(rows)
    for (const secret of [device.secret, rotated.secret, sha256(device.secret), hash])
      expect(text).not.toContain(secret)
  })

  it('records nothing for a refused bind', async () => {
    const before = (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'bind')))[0]!.n
    await bind({ code: newCode(), kind: 'scale' }, a.token)
    await bind({ code: newCode(), kind: 'scale', merchantId: merchantA, marketId: b.marketId }, a.token)
    const after = (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'bind')))[0]!.n
    expect(after).toBe(before)
  })
})
