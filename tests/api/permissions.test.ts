import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { devices, merchants, messages } from '../../server/db/schema'
import { deviceCall, openStream, payment, pesticideTest, type SseEvent } from '../helpers/devices'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { forbiddenMarkers, foreignFigures, send, shownMarkers } from '../helpers/walk-check'
import { aimOf, expectedCode, TABLE } from '../helpers/walk-routes'
import { B_PAYMENT_FEN, buildWorld, CALLERS, TRADED_AT, type World } from '../helpers/walk-world'

/**
 * DESIGN §10 and issue 21 §3: every API route (tests/helpers/walk-routes.ts) walked as every kind of
 * caller: the answer's code, and no row of a market the caller may not see anywhere in any answer
 * (names, ids, device codes and B's marker amounts, in JSON, CSV and stream events). A route added
 * to the server without a row fails the coverage test.
 */

let t: TestApp
let world: World

beforeAll(async () => {
  t = await createTestApp()
  world = await buildWorld(t)
})
afterAll(async () => {
  await t.close()
})

type Figures = { paymentFen: number; payments: number; refundFen: number; refunds: number }
const data = <T>(answer: { body: { code: number; data: T } }) => {
  expect(answer.body.code).toBe(20000)
  return answer.body.data
}

describe('permission walk', () => {
  it('has a row for every API route the server has', () => {
    const served = new Set(
      t.app.routes
        .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL' && !route.path.includes('*'))
        .map((route) => `${route.method} ${route.path.replace(/(.)\/$/, '$1')}`),
    )
    const listed = new Set(TABLE.map((row) => `${row.method} ${row.route}`))
    expect([...served].filter((route) => !listed.has(route))).toEqual([])
    expect([...listed].filter((route) => !served.has(route))).toEqual([])
  })

  it("does not sign in a merchant's account, even with its right password", async () => {
    const { username, password } = world.places.A.merchantAccount
    const answer = await t.login(username, password)
    expect(answer.body.code).toBe(40300)
    expect(answer.body.data).toBeNull()
  })

  it("does not let A's operator attach B's records to its own", async () => {
    const { A, B } = world.places
    const bind = await t.call('/api/devices', {
      token: A.operator.token,
      body: { code: 'WALK-CROSS', kind: 'payment_terminal', merchantId: B.merchantId, stallNo: '' },
    })
    expect(bind.body.code).toBe(40000)
    const withFile = { name: 'QZXA 商户', stallNo: 'QZXA-1', healthCertificateFileId: B.fileId }
    const edit = await t.call(`/api/merchants/${A.merchantId}`, {
      method: 'PUT',
      token: A.operator.token,
      body: merchantInput(1, withFile),
    })
    expect(edit.body.code).toBe(40000)
    const register = await t.call('/api/merchants', {
      token: A.operator.token,
      body: merchantInput(70, { healthCertificateFileId: B.fileId }),
    })
    expect(register.body.code).toBe(40000)
    const [merchant] = await t.db
      .select({ file: merchants.healthCertificateFileId })
      .from(merchants)
      .where(eq(merchants.id, A.merchantId))
    expect(merchant?.file).toBe(A.fileId)
  })

  it("shows A's operator exactly A's trade, whatever market it asks for, and OFFICIAL B's marker sums", async () => {
    const a = world.places.A.operator.token
    const asB = `?market=${world.places.B.marketId}`
    const today = data(
      await t.call<{ today: Figures; boundDevices: number }>(`/api/dashboard/today${asB}`, { method: 'GET', token: a }),
    )
    const { passengersIn, ...money } = world.aToday
    expect(today.today).toEqual(money)
    // A's terminal, counter and tester (not the one unbound); B has as many.
    expect(today.boundDevices).toBe(3)
    const flow = data(await t.call<{ in: number }[]>(`/api/dashboard/passengers${asB}`, { method: 'GET', token: a }))
    expect(flow.reduce((sum, point) => sum + point.in, 0)).toBe(passengersIn)
    const methods = data(
      await t.call<{ payments: number }[]>(`/api/dashboard/methods${asB}`, { method: 'GET', token: a }),
    )
    expect(methods.reduce((sum, point) => sum + point.payments, 0)).toBe(money.payments)
    // The control: the same figures of B, as OFFICIAL reads them, are B's markers.
    const b = data(
      await t.call<{ today: Figures }>(`/api/dashboard/today${asB}`, { method: 'GET', token: world.official.token }),
    )
    expect(b.today.paymentFen).toBe(2 * B_PAYMENT_FEN)
    expect(foreignFigures(b)).not.toEqual([])
  })

  it("lets A's operator hear nothing of B on the live stream, even asking for B or resuming", async () => {
    const { A, B } = world.places
    const heard = await openStream(t, A.operator.token, { market: B.marketId })
    const control = await openStream(t, world.official.token)
    const sent = async (device: { code: string; secret: string }, events: unknown[]) =>
      expect((await deviceCall(t, device, '/events', { events })).body.code).toBe(20000)
    /** A's payment `id`, as A's stream carries it: a sentinel after which everything sent before it has arrived. */
    const sentinel = (id: string) => (event: SseEvent) =>
      event.event === 'transactions' && JSON.stringify(event.data).includes(id)
    const clean = (events: SseEvent[]) => {
      const text = JSON.stringify(events)
      expect(forbiddenMarkers(world, 'marketA').filter(({ pattern }) => pattern.test(text))).toEqual([])
      expect(foreignFigures(events.map((event) => event.data))).toEqual([])
      expect(events.map((event) => event.event)).not.toContain('tests')
      expect(events.map((event) => event.event)).not.toContain('messages')
    }
    try {
      await sent(A.terminal, [payment('QZXA-live-0', 100, TRADED_AT)])
      const before = (await heard.until(sentinel('QZXA-live-0'))).at(-1)!
      await sent(B.terminal, [payment('QZXB-live-p', B_PAYMENT_FEN, TRADED_AT)])
      await sent(B.tester, [{ ...pesticideTest('QZXB-live-t', TRADED_AT, 'fail', 70), produce: 'QZXB菜' }])
      await sent(A.terminal, [payment('QZXA-live-1', 100, TRADED_AT)])
      clean(await heard.until(sentinel('QZXA-live-1')))
      // Reconnecting from an event before B's: the replay of what A missed holds nothing of B's.
      const resumed = await openStream(t, A.operator.token, { market: B.marketId, lastEventId: before.id! })
      try {
        const replay = await resumed.until(sentinel('QZXA-live-1'))
        expect(replay.map((event) => event.event)).not.toContain('reset')
        clean(replay)
      } finally {
        await resumed.close()
      }
      // The control: OFFICIAL hears B's payment, by name.
      expect((await control.until(sentinel('QZXB 商户'))).length).toBeGreaterThan(0)
    } finally {
      await heard.close()
      await control.close()
    }
  })

  describe.each(TABLE.map((row) => [`${row.method} ${row.route}${row.note ? ` (${row.note})` : ''}`, row] as const))(
    '%s',
    (_name, row) => {
      it.each(CALLERS)('as %s', async (caller) => {
        const aim = aimOf(world, caller)
        const read = await send(t, row, aim, world.auth[caller])
        expect(read.code, read.text.slice(0, 300)).toBe(expectedCode(row, caller))
        const leaked = forbiddenMarkers(world, caller).filter(({ pattern }) => pattern.test(read.text))
        expect(
          leaked.map(({ marker }) => marker),
          read.text.slice(0, 500),
        ).toEqual([])
        if (caller === 'marketA' || caller === 'deviceA') expect(foreignFigures(read.json)).toEqual([])
        if (read.code === 20000)
          for (const marker of shownMarkers(row, aim)) expect(read.text, `${caller} sees its rows`).toContain(marker)
      })
    },
  )

  it("left B's records as they were", async () => {
    const { B } = world.places
    const [notice] = await t.db.select({ status: messages.status }).from(messages).where(eq(messages.id, B.noticeId))
    expect(notice?.status, "B's notice is still unread").toBe(0)
    const [merchant] = await t.db
      .select({ name: merchants.name, status: merchants.status })
      .from(merchants)
      .where(eq(merchants.id, B.merchantId))
    expect(merchant).toEqual({ name: 'QZXB 商户', status: 'active' })
    for (const device of [B.terminal, B.counter]) {
      const [row] = await t.db.select({ unboundAt: devices.unboundAt }).from(devices).where(eq(devices.id, device.id))
      expect(row?.unboundAt).toBeNull()
      expect((await deviceCall(t, device, '/heartbeat')).body.code).toBe(20000)
    }
  })
})
