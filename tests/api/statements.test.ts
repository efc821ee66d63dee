import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { marketDayStats, merchants } from '../../server/db/schema'
import { payment, refund, sendEvents, today, withTradingWorld, yesterday } from '../helpers/devices'
import { parseCsv } from '../helpers/csv'
import type { withOperator } from '../helpers/fixtures'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * Daily statements (issue 25 §2) on a fixture with refunds across Shanghai midnight: the totals equal
 * the dashboard's, the merchants' rows add up to them, scope is held on the server, hostile ranges are
 * refused, and the files say the same. The test clock stands at 2026-11-01 10:00 in Shanghai.
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

beforeAll(async () => {
  t = await createTestApp()
  const world = await withTradingWorld(t)
  ;({ official, a, b, m1, m2, m3 } = world)
  const { t1, t2, t3 } = world
  const send = (device: { code: string; secret: string }, events: unknown[]) => sendEvents(t, device, events)
  await send(t1, [
    payment('a', 1000, today('09:30:00')),
    payment('b', 500, today('00:00:00')),
    payment('c', 700, yesterday('23:59:59')),
    refund('r', 'a', 200, today('09:40:00')),
    // Paid before midnight, refunded after: the refund is today's.
    refund('rc', 'c', 300, today('00:00:30')),
  ])
  await send(t2, [
    payment('a', 3000, today('09:50:00'), 'alipay'),
    payment('b', 400, yesterday('09:00:00')),
    payment('c', 900, yesterday('11:00:00'), 'cash'),
    refund('rb', 'b', 400, yesterday('23:59:59')),
  ])
  await send(t3, [payment('a', 9999, today('09:00:00'))])
})
afterAll(async () => {
  await t.close()
})

const figures = <T extends { payments: number; paymentFen: number; refunds: number; refundFen: number }>(row: T) => ({
  payments: row.payments,
  paymentFen: row.paymentFen,
  refunds: row.refunds,
  refundFen: row.refundFen,
})

describe("a market's statement", () => {
  it("totals today what the dashboard's today says, refunds across midnight on the refund's day", async () => {
    const statement = await api()('/statements/market', '$get', { query: {} }, { token: a.token })
    expect(statement.body.code).toBe(20000)
    const dashboard = await api()('/dashboard/today', '$get', { query: {} }, { token: a.token })
    expect(figures(statement.body.data.totals)).toEqual(dashboard.body.data.today)
    expect(statement.body.data.totals).toMatchObject({
      payments: 3,
      paymentFen: 4500,
      refunds: 2,
      refundFen: 500,
      netFen: 4000,
    })
    expect(statement.body.data).toMatchObject({ from: '2026-11-01', to: '2026-11-01', market: { id: a.marketId } })
  })

  it("totals a past day what the dashboard's daily says, and the merchants' rows add up to the totals", async () => {
    const statement = await api()(
      '/statements/market',
      '$get',
      { query: { from: '2026-10-31', to: '2026-10-31' } },
      { token: a.token },
    )
    const daily = await api()('/dashboard/daily', '$get', { query: {} }, { token: a.token })
    const day = daily.body.data.find((row) => row.day === '2026-10-31')
    const { totals, merchants: rows } = statement.body.data
    expect({ payments: totals.payments, paymentFen: totals.paymentFen }).toEqual({
      payments: day?.payments,
      paymentFen: day?.paymentFen,
    })
    expect(totals).toMatchObject({ payments: 3, paymentFen: 2000, refunds: 1, refundFen: 400, netFen: 1600 })
    const sum = (key: 'payments' | 'paymentFen' | 'refunds' | 'refundFen' | 'netFen') =>
      rows.reduce((total, row) => total + row[key], 0)
    expect({
      payments: sum('payments'),
      paymentFen: sum('paymentFen'),
      refunds: sum('refunds'),
      refundFen: sum('refundFen'),
    }).toEqual(figures(totals))
    expect(sum('netFen')).toBe(totals.netFen)
    const second = rows.find((row) => row.merchantId === m2)
    expect(second?.methods).toEqual([
      { method: 'wechat', payments: 1, paymentFen: 400, refunds: 1, refundFen: 400, netFen: 0 },
      { method: 'cash', payments: 1, paymentFen: 900, refunds: 0, refundFen: 0, netFen: 900 },
    ])
    expect(totals.methods.map((split) => [split.method, split.netFen])).toEqual([
      ['wechat', 700],
      ['cash', 900],
    ])
  })

  it('covers a range of days, both included', async () => {
    const statement = await api()(
      '/statements/market',
      '$get',
      { query: { from: '2026-10-31', to: '2026-11-01' } },
      { token: a.token },
    )
    expect(statement.body.data.totals).toMatchObject({ payments: 6, paymentFen: 6500, refunds: 3, refundFen: 900 })
    expect(statement.body.data.merchants.map((row) => row.merchantId).sort()).toEqual([m1, m2].sort())
  })

  it('holds a MARKET caller to its own market, and asks an OFFICIAL which market', async () => {
    const other = await api()('/statements/market', '$get', { query: { market: a.marketId } }, { token: b.token })
    expect(other.body.data.market.id).toBe(b.marketId)
    expect(other.body.data.totals.paymentFen).toBe(9999)
    const unnamed = await api()('/statements/market', '$get', { query: {} }, { token: official })
    expect(unnamed.body.code).toBe(40000)
    const named = await api()('/statements/market', '$get', { query: { market: a.marketId } }, { token: official })
    expect(named.body.data.totals.paymentFen).toBe(4500)
    const absent = await api()(
      '/statements/market',
      '$get',
      { query: { market: '00000000-0000-4000-8000-000000000000' } },
      { token: official },
    )
    expect(absent.body.code).toBe(40400)
  })

  it('refuses more than 31 days, an end before the start and days that are not days', async () => {
    const q = (query: string) => t.call(`/api/statements/market?${query}`, { method: 'GET', token: a.token })
    const tooLong = await q('from=2026-10-01&to=2026-11-01')
    expect(tooLong.body.code).toBe(40000)
    expect(tooLong.body.msg).toMatch(/31 days/)
    expect((await q('from=2026-10-02&to=2026-11-01')).body.code).toBe(20000)
    expect((await q('from=2026-11-02&to=2026-11-01')).body.code).toBe(40000)
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'from=%00', 'from=2026-11-01&from=2026-11-02', 'market=1'])
      expect((await q(bad)).status, bad).toBe(400)
  })
})

describe("the platform's statement", () => {
  it('gives every market a row, summing to the dashboard of all markets (OFFICIAL only)', async () => {
    const statement = await api()('/statements/platform', '$get', { query: {} }, { token: official })
    const rows = statement.body.data.list
    expect(statement.body.data.total).toBe(rows.length)
    expect(rows.find((row) => row.marketId === a.marketId)).toMatchObject({
      paymentFen: 4500,
      refundFen: 500,
      netFen: 4000,
    })
    expect(rows.find((row) => row.marketId === b.marketId)).toMatchObject({ paymentFen: 9999, refunds: 0 })
    const dashboard = await api()('/dashboard/today', '$get', { query: {} }, { token: official })
    expect(figures(statement.body.data.totals)).toEqual(dashboard.body.data.today)
    const refused = await api()('/statements/platform', '$get', { query: {} }, { token: a.token })
    expect(refused.body.code).toBe(40300)
  })
})

describe("the platform's statement as a list", () => {
  const page = async (query: string) =>
    (
      await t.call<{ list: { marketId: string }[]; total: number }>(`/api/statements/platform?${query}`, {
        method: 'GET',
        token: official,
      })
    ).body

  it.each(
    ['name', 'payments', 'paymentFen', 'refunds', 'refundFen', 'netFen'].flatMap((s) => [`${s}:asc`, `${s}:desc`]),
  )('pages by %s on the server, neither repeating nor skipping a market', async (pair) => {
    const [sort, order] = pair.split(':') as [string, string]
    const first = await page(`sort=${sort}&order=${order}&pageSize=1`)
    expect(first.code).toBe(20000)
    expect(first.data.list).toHaveLength(1)
    const seen = [...first.data.list.map((row) => row.marketId)]
    for (let n = 2; n <= first.data.total; n++)
      seen.push(
        ...(await page(`sort=${sort}&order=${order}&pageSize=1&page=${n}`)).data.list.map((row) => row.marketId),
      )
    expect(new Set(seen).size).toBe(first.data.total)
    expect(seen).toContain(a.marketId)
    const beyond = await page(`sort=${sort}&order=${order}&pageSize=1&page=${first.data.total + 1}`)
    expect(beyond.data).toMatchObject({ list: [], total: first.data.total })
  })

  it('orders by a figure and finds a market by its name', async () => {
    const byNet = await page('sort=netFen&order=desc&pageSize=100')
    const nets = byNet.data.list.map((row) => (row as unknown as { netFen: number }).netFen)
    expect(nets).toEqual([...nets].sort((x, y) => y - x))
    const name = byNet.data.list.find((row) => row.marketId === b.marketId) as unknown as { marketName: string }
    const found = await page(`q=${encodeURIComponent(name.marketName)}`)
    expect(found.data.list.map((row) => row.marketId)).toContain(b.marketId)
    expect(found.data.total).toBe(found.data.list.length)
  })

  it.each(['page=0', 'page=abc', 'pageSize=0', 'pageSize=101', 'sort=__nope', 'order=sideways', 'q=%00'])(
    'refuses %s with 40000',
    async (query) => expect((await page(query)).code).toBe(40000),
  )
})

describe("a merchant's statement", () => {
  it('gives a row per day of the range, zeros included', async () => {
    const statement = await api()(
      '/statements/merchant/:id',
      '$get',
      { param: { id: m1 }, query: { from: '2026-10-30', to: '2026-11-01' } },
      { token: a.token },
    )
    expect(statement.body.data.days.map((row) => [row.day, row.paymentFen, row.refundFen, row.netFen])).toEqual([
      ['2026-10-30', 0, 0, 0],
      ['2026-10-31', 700, 0, 700],
      ['2026-11-01', 1500, 500, 1000],
    ])
    expect(statement.body.data.totals.netFen).toBe(1700)
  })

  it("is not found for another market's operator, or an id that is not one", async () => {
    const other = await api()('/statements/merchant/:id', '$get', { param: { id: m1 }, query: {} }, { token: b.token })
    expect(other.body.code).toBe(40400)
    const notId = await t.call('/api/statements/merchant/abc', { method: 'GET', token: a.token })
    expect(notId.body.code).toBe(40400)
    const byOfficial = await api()(
      '/statements/merchant/:id',
      '$get',
      { param: { id: m3 }, query: {} },
      { token: official },
    )
    expect(byOfficial.body.data.totals.paymentFen).toBe(9999)
  })
})

describe('statement files', () => {
  it('exports CSV with a BOM, the market, the days, the totals and formula cells neutralised', async () => {
    await t.db.update(merchants).set({ name: '=HYPERLINK("http://x")' }).where(eq(merchants.id, m1))
    const response = await t.request('/api/statements/market/export?from=2026-10-31&to=2026-11-01', {
      method: 'GET',
      token: a.token,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(new TextDecoder().decode(bytes))
    expect(rows[1]).toEqual(['2026-10-31 ~ 2026-11-01'])
    expect(rows[2]?.slice(0, 7)).toEqual([
      'Stall',
      'Merchant',
      'Payments',
      'Payment amount (yuan)',
      'Refunds',
      'Refund amount (yuan)',
      'Net (yuan)',
    ])
    expect(rows.find((row) => row[1]?.includes('HYPERLINK'))?.[1]).toBe('\'=HYPERLINK("http://x")')
    expect(rows.at(-1)?.slice(0, 7)).toEqual(['Total', '', '6', '65', '3', '9', '56'])
  })

  it('exports an Excel workbook that reads back with the same figures', async () => {
    const response = await t.request('/api/statements/market/export?from=2026-11-01&format=xlsx', {
      method: 'GET',
      token: a.token,
      locale: 'zh-CN',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/spreadsheetml/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]!
    expect(sheet.name).toBe('对账单')
    expect(sheet.getRow(1).getCell(1).value).toMatch(/市场|Market|\S/)
    expect(sheet.getRow(2).getCell(1).value).toBe('2026-11-01')
    expect(sheet.getRow(3).getCell(1).value).toBe('摊位')
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][]
    const total = values.find((row) => row[1] === '合计')
    // Row arrays from exceljs are 1-based: [, 合计, '', payments, yuan, refunds, yuan, net].
    expect(total?.slice(3, 8)).toEqual([3, 45, 2, 5, 40])
    expect(String(values.at(-1)?.[1])).toMatch(/核对人/)
  })

  it("exports the platform's and a merchant's statements too", async () => {
    const platform = await t.request('/api/statements/platform/export?format=xlsx', { method: 'GET', token: official })
    expect(platform.status).toBe(200)
    const merchant = await t.request(`/api/statements/merchant/${m2}/export?from=2026-10-31&to=2026-11-01`, {
      method: 'GET',
      token: a.token,
    })
    const rows = parseCsv(await merchant.text())
    expect(rows.slice(3, 5).map((row) => [row[0], row[5]])).toEqual([
      ['2026-10-31', '9'],
      ['2026-11-01', '30'],
    ])
    const refused = await t.call(`/api/statements/merchant/${m2}/export`, { method: 'GET', token: b.token })
    expect(refused.body.code).toBe(40400)
  })
})

describe('the rollups statements read', () => {
  it('are the market day rows the dashboard reads', async () => {
    const [row] = await t.db
      .select()
      .from(marketDayStats)
      .where(and(eq(marketDayStats.marketId, a.marketId), eq(marketDayStats.day, '2026-11-01')))
    expect(row).toMatchObject({ payments: 3, paymentFen: 4500, refunds: 2, refundFen: 500 })
  })
})
