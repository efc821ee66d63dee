import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEVICE_KINDS,
  DEVICE_SORTS,
  DEVICE_STATUSES,
  ONLINE_WINDOW_MS,
  type DeviceKind,
} from '../../contract/device-list'
import { formatShanghaiTime } from '../../contract/time'
import { deviceCall, withDevice, withMerchant } from '../helpers/devices'
import { withOfficial, withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'
import type { ApiInput } from '../../src/lib/api-routes'

/**
 * GET /api/devices: the list kit's promises (paging, every sort, strict parameters, scope), and what
 * is the devices' own: online computed from the last call, search by code, stall or merchant name.
 */

type Operator = Awaited<ReturnType<typeof withOperator>>
type Device = Awaited<ReturnType<typeof withDevice>>

let t: TestApp
let official: string
let own: Operator
let other: Operator

const OWN_COUNT = 30
const OTHER_COUNT = 15
const COUNT = OWN_COUNT + OTHER_COUNT

/** What each bound device is, as the test made it: the list must say the same. */
type Made = Device & {
  marketId: string
  kind: DeviceKind
  stallNo: string
  merchantId: string | null
  merchantName: string | null
  boundAt: Date
  lastSeenAt: Date | null
}
let made: Made[] = []
/** Merchants of the own market, with names a search must take literally. */
const MERCHANT_NAMES = ['100% 鲜果', '李_明水产', '张记蔬菜'] as const

beforeAll(async () => {
  t = await createTestApp()
  official = (await withOfficial(t)).token
  own = await withOperator(t, { token: official }, 1)
  other = await withOperator(t, { token: official }, 2)
  const merchantsOf = new Map<string, { id: string; name: string; stallNo: string }[]>()
  merchantsOf.set(
    own.marketId,
    await Promise.all(
      MERCHANT_NAMES.map(async (name, i) => {
        const answer = await typedApi(t.call)(
          '/merchants',
          '$post',
          { json: merchantInput(i + 1, { name, stallNo: `B-${i + 1}` }) },
          { token: own.token },
        )
        return { id: answer.body.data.id, name, stallNo: `B-${i + 1}` }
      }),
    ),
  )
  merchantsOf.set(other.marketId, [
    { id: await withMerchant(t, other.token, 11), name: '测试商户 11', stallNo: 'A-11' },
    { id: await withMerchant(t, other.token, 12), name: '测试商户 12', stallNo: 'A-12' },
  ])
  // Bound through the API, three a minute (equal times exercise the sorts' tiebreak).
  const plan = [
    ...Array.from({ length: OWN_COUNT }, (_, i) => ({ i, market: own })),
    ...Array.from({ length: OTHER_COUNT }, (_, i) => ({ i, market: other })),
  ]
  for (const [n, { i, market }] of plan.entries()) {
    if (n % 3 === 0) t.time.advance(60_000)
    const kind = DEVICE_KINDS[i % DEVICE_KINDS.length]!
    const merchants = merchantsOf.get(market.marketId)!
    const merchant = kind === 'payment_terminal' || kind === 'scale' ? merchants[i % merchants.length]! : null
    const stallNo = merchant ? merchant.stallNo : kind === 'passenger_counter' ? `GATE-${i}` : `LAB-${i}`
    const device = await withDevice(t, market.token, {
      kind,
      ...(merchant ? { merchantId: merchant.id } : { stallNo }),
    })
    made.push({
      ...device,
      marketId: market.marketId,
      kind,
      stallNo,
      merchantId: merchant?.id ?? null,
      merchantName: merchant?.name ?? null,
      boundAt: t.time.clock(),
      lastSeenAt: null,
    })
  }
  // Two unbound devices: never listed.
  for (const token of [own.token, other.token]) {
    const gone = await withDevice(t, token, { kind: 'passenger_counter', stallNo: 'GONE' })
    await typedApi(t.call)('/devices/:id/unbind', '$post', { param: { id: gone.id } }, { token })
  }
  // A third called long ago (offline now), a third a moment ago (online), a third never.
  t.time.advance(60_000)
  for (const device of made.filter((_, n) => n % 3 === 0)) {
    expect((await deviceCall(t, device, '/heartbeat', {})).body.code).toBe(20000)
    device.lastSeenAt = t.time.clock()
  }
  t.time.advance(5 * 60_000)
  for (const [n, device] of made.entries()) {
    if (n % 3 !== 1) continue
    t.time.advance(1_000)
    expect((await deviceCall(t, device, '/heartbeat', {})).body.code).toBe(20000)
    device.lastSeenAt = t.time.clock()
  }
  made = made.map((device) => ({ ...device }))
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/devices',
  context: () => ({
    t,
    token: official,
    path: '/api/devices',
    total: COUNT,
    scope: { operatorToken: own.token, ownMarketId: own.marketId, otherMarketId: other.marketId },
  }),
  sorts: DEVICE_SORTS,
  filters: { kind: DEVICE_KINDS, status: DEVICE_STATUSES },
  scoped: true,
})

type Query = NonNullable<ApiInput<'/devices', '$get'>['query']>
const list = async (query: Query, token = official) =>
  (await typedApi(t.call)('/devices', '$get', { query: { pageSize: 100, ...query } }, { token })).body
const isOnline = (device: Made) =>
  device.lastSeenAt !== null && device.lastSeenAt.getTime() > t.time.clock().getTime() - ONLINE_WINDOW_MS
const codesOf = (devices: { code: string }[]) => devices.map((device) => device.code).sort()

describe('GET /api/devices: what a row says', () => {
  it('says each bound device as it was bound and last seen, online from its last call', async () => {
    const answer = await list({})
    expect(answer.data.total).toBe(COUNT)
    const byId = new Map(answer.data.list.map((row) => [row.id, row]))
    for (const device of made) {
      expect(byId.get(device.id), device.code).toEqual({
        id: device.id,
        marketId: device.marketId,
        marketName: device.marketId === own.marketId ? '测试农贸市场 1' : '测试农贸市场 2',
        code: device.code,
        kind: device.kind,
        stallNo: device.stallNo,
        merchantId: device.merchantId,
        merchantName: device.merchantName,
        boundTime: formatShanghaiTime(device.boundAt),
        lastSeenTime: device.lastSeenAt ? formatShanghaiTime(device.lastSeenAt) : null,
        online: isOnline(device),
      })
    }
    expect(answer.data.list.some((row) => row.online)).toBe(true)
    expect(answer.data.list.some((row) => !row.online)).toBe(true)
  })

  it('filters exactly by kind and status, and both, within the scope', async () => {
    for (const kind of DEVICE_KINDS) {
      expect(codesOf((await list({ kind })).data.list)).toEqual(codesOf(made.filter((d) => d.kind === kind)))
    }
    for (const status of DEVICE_STATUSES) {
      const want = made.filter((d) => isOnline(d) === (status === 'online'))
      const answer = await list({ status })
      expect(answer.data.total).toBe(want.length)
      expect(codesOf(answer.data.list)).toEqual(codesOf(want))
      const mine = await list({ status, kind: 'scale' }, own.token)
      expect(codesOf(mine.data.list)).toEqual(
        codesOf(want.filter((d) => d.kind === 'scale' && d.marketId === own.marketId)),
      )
    }
  })

  it('sorts by each column in order, never-seen devices as the oldest', async () => {
    const byCode = (await list({ sort: 'code', order: 'asc' })).data.list.map((row) => row.code)
    expect(byCode).toEqual([...byCode].sort())
    const bySeen = (await list({ sort: 'lastSeenAt', order: 'desc' })).data.list
    const seen = made.filter((d) => d.lastSeenAt).length
    expect(bySeen.slice(0, seen).every((row) => row.lastSeenTime !== null)).toBe(true)
    expect(bySeen.slice(seen).every((row) => row.lastSeenTime === null)).toBe(true)
    const times = bySeen.slice(0, seen).map((row) => row.lastSeenTime!)
    expect(times).toEqual([...times].sort().reverse())
    const byBound = (await list({ sort: 'boundAt', order: 'asc' })).data.list.map((row) => row.boundTime)
    expect(byBound).toEqual([...byBound].sort())
    const byStall = (await list({ sort: 'stallNo', order: 'desc' })).data.list.map((row) => row.stallNo)
    expect(byStall).toEqual([...byStall].sort().reverse())
  })
})

describe('GET /api/devices: search', () => {
  it('finds a device by its code, whole or in part, in any case', async () => {
    const target = made[20]!
    for (const q of [target.code, target.code.toLowerCase(), target.code.slice(-6)]) {
      const answer = await list({ q })
      expect(
        answer.data.list.map((row) => row.id),
        q,
      ).toContain(target.id)
      expect(answer.data.list.every((row) => row.code.toLowerCase().includes(q.toLowerCase()))).toBe(true)
    }
    expect((await list({ q: target.code })).data.list.map((row) => row.id)).toEqual([target.id])
  })

  it('finds devices by stall, and by the merchant’s name taken literally (% and _ are no wildcards)', async () => {
    const atGate = made.find((d) => d.stallNo === 'GATE-6' && d.marketId === own.marketId)!
    expect((await list({ q: 'gate-6' })).data.list.map((row) => row.id)).toContain(atGate.id)
    const atB1 = made.filter((d) => d.stallNo === 'B-1')
    expect(codesOf((await list({ q: 'B-1' })).data.list)).toEqual(
      codesOf(made.filter((d) => d.stallNo.includes('B-1'))),
    )
    expect(atB1.length).toBeGreaterThan(0)
    for (const [q, name] of [
      ['100% 鲜果', '100% 鲜果'],
      ['%', '100% 鲜果'],
      ['_', '李_明水产'],
      ['张记', '张记蔬菜'],
    ] as const) {
      const answer = await list({ q })
      expect(codesOf(answer.data.list), q).toEqual(codesOf(made.filter((d) => d.merchantName === name)))
    }
    // An operator's search stays in its market.
    const theirs = made.find((d) => d.marketId === other.marketId)!
    expect((await list({ q: theirs.code }, own.token)).data.list).toEqual([])
  })

  it('finds a device by its merchant’s current name after the merchant was renamed', async () => {
    const device = made.find((d) => d.merchantName === '张记蔬菜')!
    const merchantId = device.merchantId!
    const edited = await typedApi(t.call)(
      '/merchants/:id',
      '$put',
      { param: { id: merchantId }, json: merchantInput(3, { name: '王氏蔬菜', stallNo: 'B-3' }) },
      { token: own.token },
    )
    expect(edited.body.code).toBe(20000)
    // The row shows the new name…
    expect((await list({ q: device.code })).data.list[0]!.merchantName).toBe('王氏蔬菜')
    // …so a search for it must find the device, and the old name must not.
    expect((await list({ q: '王氏' })).data.list.map((row) => row.id)).toContain(device.id)
    expect((await list({ q: '张记' })).data.list).toEqual([])
  })
})

describe('GET /api/devices: online is computed from the last call', () => {
  it('a device online now is offline once two minutes pass without a call, and online again after one', async () => {
    const online = made.filter(isOnline)
    expect(online.length).toBeGreaterThan(0)
    expect((await list({ status: 'online' })).data.total).toBe(online.length)
    // Just inside the window of the latest call: the latest is still online.
    const latest = Math.max(...online.map((d) => d.lastSeenAt!.getTime()))
    t.time.advance(latest + ONLINE_WINDOW_MS - 1_000 - t.time.clock().getTime())
    expect(codesOf((await list({ status: 'online' })).data.list)).toEqual(codesOf(made.filter(isOnline)))
    t.time.advance(2_000)
    expect((await list({ status: 'online' })).data.total).toBe(0)
    expect((await list({ status: 'offline' })).data.total).toBe(COUNT)
    expect((await list({})).data.list.every((row) => !row.online)).toBe(true)

    const back = made[5]!
    expect((await deviceCall(t, back, '/heartbeat', {})).body.code).toBe(20000)
    const answer = await list({ status: 'online' })
    expect(answer.data.list.map((row) => row.id)).toEqual([back.id])
    expect(answer.data.list[0]!.lastSeenTime).toBe(formatShanghaiTime(t.time.clock()))
  })
})
