import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { TRANSACTION_COUNT_CAP, type TransactionDetail, type TransactionList } from '../../contract/transactions'
import { TRANSACTION_LIST, TRANSACTION_SORTS } from '../../contract/transactions-list'
import { payment, refund, sendEvents, today, withTradingWorld, yesterday } from '../helpers/devices'
import { parseCsv } from '../helpers/csv'
import type { withOperator } from '../helpers/fixtures'
import { listEndpointSuite } from '../helpers/list-endpoint-suite'
import { merchantInput } from '../helpers/merchant-input'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { typedApi } from '../helpers/typed-api'

/**
 * The transactions list and a transaction's page (issue 25 §1), on payments and refunds sent through
 * the device API (so the day rollups the totals read are the ingest's own). The test clock stands at
 * 2026-11-01 10:00 in Shanghai: "today" is 2026-11-01.
 */
type Operator = Awaited<ReturnType<typeof withOperator>>

let t: TestApp
let official: string
let a: Operator
let b: Operator
let m1: string
let m2: string
let t1: { id: string; code: string; secret: string }
let t2: { id: string; code: string; secret: string }

const METHODS = ['wechat', 'alipay', 'unionpay', 'cash', 'other'] as const
/** A's today: 24 payments on t1 (m1) and t2 (m2), 3 refunds; yesterday 6 payments; B today 5. */
const A_TODAY_PAYMENTS = 24

const send = (device: { code: string; secret: string }, events: unknown[]) => sendEvents(t, device, events)

const list = async (query: string, token = official) =>
  (await t.call<TransactionList>(`/api/transactions?${query}`, { method: 'GET', token })).body

beforeAll(async () => {
  t = await createTestApp()
  const world = await withTradingWorld(t, {
    operators: [401, 402],
    // A name a spreadsheet would run as a formula: the export must neutralise it.
    merchant2: async (token) => {
      const named = await typedApi(t.call)(
        '/merchants',
        '$post',
        { json: merchantInput(2, { name: '=SUM(1+1)' }) },
        { token },
      )
      return named.body.code === 20000 ? named.body.data.id : ''
    },
  })
  ;({ official, a, b, m1, m2, t1, t2 } = world)
  const { t3 } = world
  // Today from 08:00, a minute apart per device; amounts 100, 200, … fen; methods in turn.
  for (const [n, device] of [t1, t2].entries())
    await send(
      device,
      Array.from({ length: A_TODAY_PAYMENTS / 2 }, (_, i) =>
        payment(`P${n}-${i}`, (i + 1) * 100 + n, today(`08:${String(i * 2 + n).padStart(2, '0')}:00`), METHODS[i % 5]),
      ),
    )
  await send(t1, [
    refund('R0-0', 'P0-0', 50, today('09:00:00')),
    refund('R0-1', 'P0-0', 30, today('09:01:00')),
    refund('R0-2', 'P0-5', 600, today('09:02:00')),
  ])
  await send(
    t1,
    Array.from({ length: 6 }, (_, i) => payment(`Y-${i}`, 1000 + i, yesterday(`20:0${i}:00`), 'cash')),
  )
  await send(
    t3,
    Array.from({ length: 5 }, (_, i) => payment(`B-${i}`, 5000 + i, today(`09:1${i}:00`))),
  )
})
afterAll(async () => {
  await t.close()
})

listEndpointSuite({
  name: 'GET /api/transactions',
  context: () => ({
    t,
    token: official,
    path: '/api/transactions',
    total: A_TODAY_PAYMENTS + 3 + 5,
    scope: { operatorToken: a.token, ownMarketId: a.marketId, otherMarketId: b.marketId },
  }),
  sorts: TRANSACTION_SORTS,
  filters: TRANSACTION_LIST.filters,
  scoped: true,
  marketOf: (row) => row.market?.id,
  paging: 'cursor',
})

describe('GET /api/transactions: scope, days and filters', () => {
  it("shows an operator its own market's today, newest first, whatever market it names", async () => {
    for (const query of ['pageSize=100', `market=${b.marketId}&pageSize=100`]) {
      const answer = await list(query, a.token)
      expect(answer.code).toBe(20000)
      expect(answer.data).toMatchObject({ total: A_TODAY_PAYMENTS + 3, totalCapped: false, next: null, previous: null })
      expect(answer.data.list.every((row) => row.market.id === a.marketId)).toBe(true)
      const times = answer.data.list.map((row) => row.at)
      expect(times).toEqual([...times].sort().reverse())
    }
  })

  it('reads the days asked for, both included; one end stands for both', async () => {
    expect((await list('from=2026-10-31&to=2026-11-01', a.token)).data.total).toBe(A_TODAY_PAYMENTS + 3 + 6)
    expect((await list('from=2026-10-31', a.token)).data.total).toBe(6)
    expect((await list('to=2026-10-31', a.token)).data.total).toBe(6)
    expect((await list('from=2026-10-01&to=2026-10-30', a.token)).data).toMatchObject({ total: 0, list: [] })
  })

  it('refuses more than 31 days plainly, in the caller’s language', async () => {
    expect((await list('from=2026-10-02&to=2026-11-01')).code).toBe(20000)
    const refused = await list('from=2026-10-01&to=2026-11-01')
    expect(refused.code).toBe(40000)
    expect(JSON.stringify(refused)).toContain('31')
    const en = await t.call(`/api/transactions?from=2026-10-01&to=2026-11-01`, {
      method: 'GET',
      token: official,
      locale: 'en-US',
    })
    expect(JSON.stringify(en.body)).toContain('at most 31 days')
  })

  const cases: [string, (row: TransactionList['list'][number]) => boolean, number][] = [
    ['kind=refund', (row) => row.kind === 'refund', 3],
    ['kind=payment', (row) => row.kind === 'payment', A_TODAY_PAYMENTS],
    ['method=cash', (row) => row.method === 'cash', -1],
    ['method=cash&kind=payment', (row) => row.method === 'cash' && row.kind === 'payment', -1],
    ['amountMin=500&amountMax=900', (row) => row.amountFen >= 500 && row.amountFen <= 900, -1],
    ['q=P1-3', (row) => row.eventId === 'P1-3', 1],
    ['stall=__none', () => false, 0],
  ]
  it.each(cases)('filters by %s, the total exact', async (query, matches, expected) => {
    const all = (await list('pageSize=100', a.token)).data.list
    const answer = await list(`${query}&pageSize=100`, a.token)
    expect(answer.code).toBe(20000)
    const want = all.filter(matches).length
    expect(answer.data.list.map((row) => row.id)).toEqual(all.filter(matches).map((row) => row.id))
    expect(answer.data.total).toBe(expected < 0 ? want : expected)
    expect(answer.data.totalCapped).toBe(false)
  })

  it.each(['method=wechat', 'method=wechat&kind=refund', 'method=wechat&kind=payment', 'method=cash'])(
    'answers %s on a full page with the exact total of both kinds (the method rollup keeps refunds)',
    async (query) => {
      const all = (await list('pageSize=100&from=2026-10-31&to=2026-11-01', a.token)).data.list
      const params = new URLSearchParams(query)
      const want = all.filter(
        (row) => row.method === params.get('method') && (!params.get('kind') || row.kind === params.get('kind')),
      ).length
      // wechat: P0-0 and P0-5 carry the three refunds (refunds keep their payment's method).
      expect(want).toBeGreaterThan(2)
      const answer = await list(`${query}&pageSize=2&from=2026-10-31&to=2026-11-01`, a.token)
      expect(answer.data.list).toHaveLength(2)
      expect(answer.data).toMatchObject({ total: want, totalCapped: false })
    },
  )

  it('filters by merchant, device and stall (the rollup answers the merchant’s total)', async () => {
    const byMerchant = await list(`merchant=${m2}&pageSize=100`, a.token)
    expect(byMerchant.data.total).toBe(A_TODAY_PAYMENTS / 2)
    expect(byMerchant.data.list.every((row) => row.merchant?.id === m2)).toBe(true)
    const byDevice = await list(`device=${t1.id}&pageSize=100`, a.token)
    expect(byDevice.data.total).toBe(A_TODAY_PAYMENTS / 2 + 3)
    expect(byDevice.data.list.every((row) => row.device.code === t1.code)).toBe(true)
    const stall = byDevice.data.list[0]!.stallNo
    const byStall = await list(`stall=${encodeURIComponent(stall)}&pageSize=100`, a.token)
    expect(byStall.data.list.every((row) => row.stallNo === stall)).toBe(true)
    // Another market's merchant is no way into it.
    expect((await list(`merchant=${m1}`, b.token)).data).toMatchObject({ total: 0, list: [] })
  })

  it('sorts by amount both ways', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const amounts = (await list(`sort=amount&order=${order}&pageSize=100`, a.token)).data.list.map(
        (row) => row.amountFen,
      )
      const sorted = [...amounts].sort((x, y) => x - y)
      expect(amounts).toEqual(order === 'asc' ? sorted : sorted.reverse())
    }
  })
})

describe('GET /api/transactions: cursor paging', () => {
  it('walks forward and back over the same pages', async () => {
    const all = (await list('pageSize=100', a.token)).data.list.map((row) => row.id)
    const pages: string[][] = []
    let answer = await list('pageSize=5', a.token)
    expect(answer.data.previous).toBeNull()
    pages.push(answer.data.list.map((row) => row.id))
    while (answer.data.next) {
      answer = await list(`pageSize=5&after=${answer.data.next}`, a.token)
      expect(answer.data.previous).not.toBeNull()
      pages.push(answer.data.list.map((row) => row.id))
    }
    expect(pages.flat()).toEqual(all)
    // And back, page by page, to the first (which says there is nothing before it).
    for (let i = pages.length - 2; i >= 0; i--) {
      answer = await list(`pageSize=5&before=${answer.data.previous}`, a.token)
      expect(answer.data.list.map((row) => row.id)).toEqual(pages[i])
    }
    expect(answer.data.previous).toBeNull()
  })

  it('jumps to a time: the page starts at the newest row at or before that minute', async () => {
    const answer = await list('pageSize=3&at=2026-11-01 08:10', a.token)
    expect(answer.code).toBe(20000)
    expect(answer.data.list.map((row) => row.eventId)).toEqual(['P0-5', 'P1-4', 'P0-4'])
    expect(answer.data.previous).not.toBeNull()
    const back = await list(`pageSize=3&before=${answer.data.previous}`, a.token)
    expect(back.data.list.at(-1)?.eventId).toBe('P1-5')
    // Oldest first, it starts at that minute.
    const up = await list('pageSize=2&order=asc&at=2026-11-01T08:10', a.token)
    expect(up.data.list.map((row) => row.eventId)).toEqual(['P0-5', 'P1-5'])
  })

  it('counts up to the cap and says there are more', async () => {
    await t.db
      .execute(sql`insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at)
      select ${b.marketId}::uuid, gen_random_uuid(), null, 'X', 'bulk-' || n, 'payment', 'cash', 77, ${today('06:00:00')}::timestamptz + n * interval '1 millisecond'
      from generate_series(0, ${TRANSACTION_COUNT_CAP}) as n`)
    const capped = await list(`market=${b.marketId}&amountMin=77&amountMax=77&pageSize=10`)
    expect(capped.data).toMatchObject({ total: TRANSACTION_COUNT_CAP, totalCapped: true })
    expect(capped.data.list).toHaveLength(10)
    // B's own five: exact.
    expect((await list(`market=${b.marketId}&amountMin=5000`)).data).toMatchObject({ total: 5, totalCapped: false })
    // Half of them a day earlier: the days before today (counted apart) and today's add up past the cap.
    await t.db.execute(
      sql`update transactions set occurred_at = occurred_at - interval '1 day' where event_id like 'bulk-%' and substr(event_id, 6)::int % 2 = 0`,
    )
    const bulk = `market=${b.marketId}&amountMin=77&amountMax=77&pageSize=10`
    expect((await list(`${bulk}&from=2026-10-31`)).data).toMatchObject({ total: 5001, totalCapped: false })
    expect((await list(`${bulk}&from=2026-10-31&to=2026-11-01`)).data).toMatchObject({
      total: TRANSACTION_COUNT_CAP,
      totalCapped: true,
    })
    await t.db.execute(sql`delete from transactions where event_id like 'bulk-%'`)
  })

  it("turns pages on the count its first page made, for 30 s (not counting every page's rows again)", async () => {
    const query = `market=${a.marketId}&amountMin=100&amountMax=900&pageSize=2`
    const first = await list(query)
    expect(first.data.total).toBeGreaterThan(2)
    const added = (n: number) =>
      t.db
        .execute(sql`insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at)
        values (${a.marketId}::uuid, gen_random_uuid(), null, 'X', ${`kept-${n}`}, 'payment', 'cash', 150, ${today('05:00:00')}::timestamptz)`)
    await added(1)
    const turned = await list(`${query}&after=${first.data.next}`)
    expect(turned.data.total).toBe(first.data.total)
    // The first page counts afresh, and its pages go on from its count.
    const again = await list(query)
    expect(again.data.total).toBe(first.data.total + 1)
    await added(2)
    t.time.advance(31_000)
    expect((await list(`${query}&after=${again.data.next}`)).data.total).toBe(first.data.total + 2)
    await t.db.execute(sql`delete from transactions where event_id like 'kept-%'`)
  })

  it("counts today's rows afresh on a first page, the days before from a count kept for 5 minutes", async () => {
    const query = `market=${a.marketId}&from=2026-10-31&to=2026-11-01&amountMin=100&amountMax=1500&pageSize=2`
    const first = await list(query)
    expect(first.data.total).toBeGreaterThan(6)
    const added = (event: string, at: string) =>
      t.db
        .execute(sql`insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at)
        values (${a.marketId}::uuid, gen_random_uuid(), null, 'X', ${event}, 'payment', 'cash', 150, ${at}::timestamptz)`)
    // A device's backlog lands on yesterday; a payment today.
    await added('days-past', yesterday('21:00:00'))
    await added('days-today', today('05:00:00'))
    expect((await list(query)).data).toMatchObject({ total: first.data.total + 1, totalCapped: false })
    t.time.advance(301_000)
    expect((await list(query)).data).toMatchObject({ total: first.data.total + 2, totalCapped: false })
    await t.db.execute(sql`delete from transactions where event_id like 'days-%'`)
  })
})

describe('GET /api/transactions: hostile input', () => {
  it.each([
    'q=%00',
    'stall=%00',
    'amountMin=99999999999999999999',
    'amountMin=-1',
    'amountMin=1.5',
    'amountMin=500&amountMax=100',
    'from=2026-02-30',
    'from=2026-11-01&to=2026-10-31',
    'to=99999-01-01',
    'merchant=not-a-uuid',
    'device=%27%3B--',
    'after=1-2&before=1-2',
    'at=2026-11-01 24:00',
    'at=2026-13-01 10:00',
    'sort=amount&at=2026-11-01 10:00',
    'after=%00',
    'market=x',
  ])('refuses %s with 40000', async (query) => {
    const answer = await list(query)
    expect(answer.code).toBe(40000)
  })

  it.each([`after=${'9'.repeat(17)}-${'9'.repeat(18)}`, `before=0-0`, `after=1-1&sort=amount`])(
    'answers a cursor past the ends with an empty or first page, never a 500 (%s)',
    async (query) => {
      expect((await list(query)).code).toBe(20000)
    },
  )
})

describe('GET /api/transactions/:id', () => {
  const detail = async (id: string, token = official) =>
    (await t.call<TransactionDetail>(`/api/transactions/${id}`, { method: 'GET', token })).body
  const idOf = async (eventId: string) => (await list(`q=${eventId}`, a.token)).data.list[0]!.id

  it("shows a payment's refunds and what is left refundable; a refund links to its payment", async () => {
    const paid = await detail(await idOf('P0-0'), a.token)
    expect(paid.code).toBe(20000)
    expect(paid.data).toMatchObject({
      eventId: 'P0-0',
      kind: 'payment',
      amountFen: 100,
      refundedFen: 80,
      refundableFen: 20,
      merchant: { id: m1 },
      device: { id: t1.id, code: t1.code, kind: 'payment_terminal' },
      payment: null,
    })
    expect(paid.data.refunds.map((row) => row.eventId)).toEqual(['R0-0', 'R0-1'])
    const refunded = await detail(paid.data.refunds[0]!.id, a.token)
    expect(refunded.data).toMatchObject({ kind: 'refund', paymentEventId: 'P0-0', payment: { id: paid.data.id } })
    // OFFICIAL reads it too.
    expect((await detail(paid.data.id)).code).toBe(20000)
  })

  it("answers 40400 for another market's transaction and for ids that name none", async () => {
    const theirs = (await list(`market=${b.marketId}`)).data.list[0]!.id
    expect((await detail(theirs, a.token)).code).toBe(40400)
    for (const id of ['abc', '1-2', `${'9'.repeat(17)}-${'9'.repeat(18)}`, '%00', '12-34-56', `${'9'.repeat(30)}-1`])
      expect((await detail(id, a.token)).code).toBe(40400)
  })
})

describe('GET /api/transactions/export', () => {
  it('streams the filtered rows as CSV with a BOM, amounts in yuan, formulas neutralised', async () => {
    const response = await t.request('/api/transactions/export?from=2026-10-31&to=2026-11-01', {
      method: 'GET',
      token: a.token,
      locale: 'en-US',
    })
    expect(response.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(new TextDecoder().decode(bytes))
    expect(rows[0]).toEqual([
      'Time',
      'Event ID',
      'Kind',
      'Payment method',
      'Amount (yuan)',
      'Market',
      'Merchant',
      'Stall',
      'Device',
      'Refund of payment',
    ])
    const body = rows.slice(1).filter((row) => row.length > 1)
    expect(body).toHaveLength(A_TODAY_PAYMENTS + 3 + 6)
    const first = body.find((row) => row[1] === 'P0-1')!
    expect(first.slice(2, 5)).toEqual(['Payment', 'Alipay', '2.00'])
    expect(body.find((row) => row[1] === 'R0-0')?.[9]).toBe('P0-0')
    expect(body.some((row) => row[6] === "'=SUM(1+1)")).toBe(true)
  })

  it('exports more rows than a batch, each once, in the list order, by time and by amount', async () => {
    // 2,500 rows over two days: three batches, the next read while the last is written.
    await t.db
      .execute(sql`insert into transactions (market_id, device_id, merchant_id, stall_no, event_id, type, method, amount_fen, occurred_at)
      select ${b.marketId}::uuid, gen_random_uuid(), null, 'X', 'many-' || n, 'payment', 'cash', 10000 + n % 7, ${yesterday('12:00:00')}::timestamptz + n * interval '20 seconds'
      from generate_series(1, 2500) as n`)
    for (const sort of ['time', 'amount'] as const) {
      const response = await t.request(
        `/api/transactions/export?market=${b.marketId}&from=2026-10-31&to=2026-11-01&sort=${sort}`,
        { method: 'GET', token: official, locale: 'en-US' },
      )
      const body = parseCsv(await response.text())
        .slice(1)
        .filter((row) => row[1]?.startsWith('many-'))
      expect(new Set(body.map((row) => row[1])).size).toBe(2500)
      const keys = body.map((row) => (sort === 'time' ? row[0]! : row[4]!.padStart(12, '0')))
      expect(keys).toEqual([...keys].sort().reverse())
    }
    await t.db.execute(sql`delete from transactions where event_id like 'many-%'`)
  })
})
