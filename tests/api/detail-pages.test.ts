import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceCall, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { idCardFor, merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The pages of one market, merchant and device by id (issue 23 §1): what each answers, that OFFICIAL
 * reads any and an operator only its own market's (another market's id is simply not found, never
 * 40300), and that an id that is not a uuid is not found either.
 */

type Operator = Awaited<ReturnType<typeof withOperator>>

let t: TestApp
let official: string
let a: Operator
let b: Operator
let merchantA: string
let merchantB: string
let terminalA: Awaited<ReturnType<typeof withDevice>>
let counterB: Awaited<ReturnType<typeof withDevice>>

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  a = await withOperator(t, { token: official }, 1)
  b = await withOperator(t, { token: official }, 2)
  merchantA = await withMerchant(t, a.token, 1)
  merchantB = await withMerchant(t, b.token, 2)
  await withMerchant(t, a.token, 3)
  terminalA = await withDevice(t, a.token, { kind: 'payment_terminal', merchantId: merchantA })
  await withDevice(t, a.token, { kind: 'passenger_counter', stallNo: 'GATE-1' })
  counterB = await withDevice(t, b.token, { kind: 'passenger_counter', stallNo: 'GATE-2' })
})
afterAll(async () => {
  await t.close()
})

const api = () => typedApi(t.call)
const marketPage = (id: string, token: string) => api()('/markets/:id/detail', '$get', { param: { id } }, { token })
const merchantPage = (id: string, token: string) => api()('/merchants/:id/detail', '$get', { param: { id } }, { token })
const devicePage = (id: string, token: string) => api()('/devices/:id', '$get', { param: { id } }, { token })

/** A refusal that says nothing of the record: 40400, HTTP 404, no data. */
const expectNotFound = (answer: { status: number; body: { code: number; data: unknown } }) => {
  expect(answer.body.code).toBe(40400)
  expect(answer.status).toBe(404)
  expect(answer.body.data).toBeNull()
}
const UNKNOWN = '61111111-1111-4111-8111-111111111111'
const NOT_IDS = ['not-an-id', '12345', `${UNKNOWN}x`, '%27%20or%201%3D1']

describe("a market's page", () => {
  it('shows OFFICIAL the market, its account and its counts (every merchant, bound devices)', async () => {
    const answer = await marketPage(a.marketId, official)
    expect(answer.body.code).toBe(20000)
    const market = answer.body.data
    expect(market).toMatchObject({ id: a.marketId, accountUsername: a.username, accountStatus: 1 })
    expect(market.merchantCount).toBe(2)
    expect(market.deviceCount).toBe(2)
    expect(JSON.stringify(market)).not.toMatch(/password/i)
  })

  it('counts follow the lists: a merchant who left still counts, an unbound device no more', async () => {
    const leaving = await withMerchant(t, a.token, 4)
    const device = await withDevice(t, a.token, { kind: 'scale', merchantId: leaving })
    expect((await marketPage(a.marketId, official)).body.data).toMatchObject({ merchantCount: 3, deviceCount: 3 })
    await api()('/merchants/:id/leave', '$post', { param: { id: leaving } }, { token: a.token })
    expect((await marketPage(a.marketId, official)).body.data).toMatchObject({ merchantCount: 3, deviceCount: 2 })
    expect((await devicePage(device.id, a.token)).body.data.unboundTime).not.toBeNull()
  })

  it('shows the account frozen', async () => {
    await api()('/markets/:id/freeze', '$post', { param: { id: b.marketId } }, { token: official })
    expect((await marketPage(b.marketId, official)).body.data.accountStatus).toBe(2)
    await api()('/markets/:id/unfreeze', '$post', { param: { id: b.marketId } }, { token: official })
    b = { ...b, token: await t.tokenFor(b.username, 'Market123') }
  })

  it("lets an operator read its own market's page, and nothing else of markets", async () => {
    const own = await marketPage(a.marketId, a.token)
    expect(own.body.code).toBe(20000)
    expect(own.body.data.id).toBe(a.marketId)
    expect((await api()('/markets/:id', '$get', { param: { id: a.marketId } }, { token: a.token })).body.code).toBe(
      40300,
    )
  })

  it("answers another market's operator not-found, as for an unknown market", async () => {
    expectNotFound(await marketPage(b.marketId, a.token))
    expectNotFound(await marketPage(UNKNOWN, a.token))
    expectNotFound(await marketPage(UNKNOWN, official))
    const foreign = await marketPage(b.marketId, a.token)
    const unknown = await marketPage(UNKNOWN, a.token)
    expect(foreign.body.msg).toBe(unknown.body.msg)
  })

  it.each(NOT_IDS)('answers not-found for an id that is not one (%s)', async (id) => {
    expectNotFound(await t.call(`/api/markets/${id}/detail`, { method: 'GET', token: official }))
  })

  it('says not-found in the caller’s language', async () => {
    const zh = await t.call(`/api/markets/${UNKNOWN}/detail`, { method: 'GET', token: official, locale: 'zh-CN' })
    expect(zh.body.msg).toBe('市场不存在')
  })
})

describe("a merchant's page", () => {
  it('masks the ID card and the bank numbers, and lists the devices bound to it', async () => {
    await api()(
      '/merchants/:id',
      '$put',
      {
        param: { id: merchantA },
        json: merchantInput(1, { otherBankNo: 'RCC-88776655', paymentSubMerchantNo: '1234' }),
      },
      { token: a.token },
    )
    const answer = await merchantPage(merchantA, a.token)
    expect(answer.body.code).toBe(20000)
    const merchant = answer.body.data
    const idCard = idCardFor(1)
    expect(merchant.idCardNo).toBe(`${idCard.slice(0, 3)}***********${idCard.slice(-4)}`)
    expect(merchant.bankMerchantNo).toBe('****0001')
    expect(merchant.otherBankNo).toBe('****6655')
    // Four characters or fewer: nothing shown.
    expect(merchant.paymentSubMerchantNo).toBe('****')
    const text = JSON.stringify(merchant)
    expect(text).not.toContain(idCard)
    expect(text).not.toContain('10203000001')
    expect(text).not.toContain('88776655')
    expect(merchant).toMatchObject({ marketId: a.marketId, stallNo: 'A-1', status: 'active' })
    expect(merchant.devices).toEqual([
      { id: terminalA.id, code: terminalA.code, kind: 'payment_terminal', online: false, lastSeenTime: null },
    ])
    // The edit form still reads the numbers whole.
    const edit = await api()('/merchants/:id', '$get', { param: { id: merchantA } }, { token: a.token })
    expect(edit.body.data.idCardNo).toBe(idCard)
  })

  it("answers OFFICIAL any market's merchant", async () => {
    expect((await merchantPage(merchantB, official)).body.data.marketId).toBe(b.marketId)
  })

  it("answers another market's operator not-found, whatever it names", async () => {
    expectNotFound(await merchantPage(merchantB, a.token))
    expectNotFound(
      await t.call(`/api/merchants/${merchantB}/detail?market=${b.marketId}`, { method: 'GET', token: a.token }),
    )
    expectNotFound(await merchantPage(UNKNOWN, official))
  })

  it.each(NOT_IDS)('answers not-found for an id that is not one (%s)', async (id) => {
    expectNotFound(await t.call(`/api/merchants/${id}/detail`, { method: 'GET', token: a.token }))
  })
})

describe("a device's page", () => {
  it('says online for two minutes after the device was heard, in Shanghai time, then offline', async () => {
    const before = await devicePage(terminalA.id, a.token)
    expect(before.body.data).toMatchObject({
      code: terminalA.code,
      kind: 'payment_terminal',
      online: false,
      lastSeenTime: null,
      unboundTime: null,
      marketId: a.marketId,
      merchantId: merchantA,
      stallNo: 'A-1',
      boundBy: a.username,
    })
    expect((await deviceCall(t, terminalA, '/heartbeat')).body.code).toBe(20000)
    const seen = (await devicePage(terminalA.id, a.token)).body.data
    // The test clock: 2026-11-01T02:00:00Z, 10:00 in Shanghai.
    expect(seen).toMatchObject({ online: true, lastSeenTime: '2026-11-01 10:00:00' })
    t.time.advance(2 * 60_000 + 1_000)
    expect((await devicePage(terminalA.id, a.token)).body.data.online).toBe(false)
  })

  it('shows an unbound device, offline, with when it was unbound', async () => {
    const device = await withDevice(t, a.token, { kind: 'pesticide_tester', stallNo: 'TEST-1' })
    expect((await deviceCall(t, device, '/heartbeat')).body.code).toBe(20000)
    await api()('/devices/:id/unbind', '$post', { param: { id: device.id } }, { token: a.token })
    const page = (await devicePage(device.id, official)).body.data
    expect(page).toMatchObject({ online: false, merchantId: null, stallNo: 'TEST-1' })
    expect(page.unboundTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(JSON.stringify(page)).not.toMatch(/secret/i)
  })

  it("answers another market's operator not-found; OFFICIAL reads it", async () => {
    expectNotFound(await devicePage(counterB.id, a.token))
    expectNotFound(await devicePage(UNKNOWN, official))
    expect((await devicePage(counterB.id, official)).body.data.marketId).toBe(b.marketId)
    expect((await devicePage(counterB.id, b.token)).body.code).toBe(20000)
  })

  it.each(NOT_IDS)('answers not-found for an id that is not one (%s)', async (id) => {
    expectNotFound(await t.call(`/api/devices/${id}`, { method: 'GET', token: a.token }))
  })
})
