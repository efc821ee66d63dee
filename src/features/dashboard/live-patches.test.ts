import { describe, expect, it } from 'vitest'
import { LATEST_TESTS, LATEST_TRANSACTIONS, type Daily, type Today } from '@contract/dashboard'
import type { TestItem, TransactionItem, TransactionsLive } from '@contract/live'
import { formatShanghaiTime, shanghaiDayStart } from '@contract/time'
import {
  addToDaily,
  addToFlow,
  addToMethods,
  addToMinutes,
  addToToday,
  extendFlow,
  prependTests,
  prependTransactions,
  shiftMinutes,
} from './live-patches'
import type { LatestTransactions, Methods, Minutes, PassengerFlow } from './queries'

const DAY = '2026-11-23'
/** The instant of a Shanghai clock time on DAY. */
const at = (clock: string) =>
  shanghaiDayStart(DAY).getTime() + (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) * 60_000

const item = (id: string, time: string, amountFen: number, extra: Partial<TransactionItem> = {}): TransactionItem => ({
  id,
  deviceId: 'device-1',
  type: 'payment',
  method: 'wechat',
  amountFen,
  stallNo: 'A-01',
  merchantName: '王记蔬菜',
  marketName: '东门市场',
  time,
  ...extra,
})

function batch(items: TransactionsLive['items']): TransactionsLive {
  const payments = items.filter((entry) => entry.type === 'payment')
  const refunds = items.filter((entry) => entry.type === 'refund')
  return {
    marketId: 'm-1',
    payments: payments.length,
    paymentFen: payments.reduce((sum, entry) => sum + entry.amountFen, 0),
    refunds: refunds.length,
    refundFen: refunds.reduce((sum, entry) => sum + entry.amountFen, 0),
    items,
  }
}

const figures = { paymentFen: 10_000, payments: 10, refunds: 1, refundFen: 500 }
const today: Today = {
  today: figures,
  yesterday: figures,
  onlineDevices: 3,
  boundDevices: 5,
  asOf: '2026-11-23T02:00:00.000Z',
}

/** The last hour ending at `clock` on DAY, as the server answers it. */
const hourTo = (clock: string): Minutes =>
  Array.from({ length: 60 }, (_, i) => ({
    time: formatShanghaiTime(at(clock) - (59 - i) * 60_000),
    paymentFen: 0,
    payments: 0,
  }))

describe("today's figures", () => {
  it("add a batch of today's payments and refunds", () => {
    const event = batch([item('p1', `${DAY} 10:01:02`, 1_250), item('r1', `${DAY} 10:01:05`, 300, { type: 'refund' })])
    expect(addToToday(today, event, DAY)?.today).toEqual({
      paymentFen: 11_250,
      payments: 11,
      refunds: 2,
      refundFen: 800,
    })
    // Yesterday's side and the devices are not the batch's to change.
    expect(addToToday(today, event, DAY)?.yesterday).toBe(today.yesterday)
  })

  it("refuse a backlog with yesterday's trade, or a batch larger than the items it lists (read again instead)", () => {
    expect(addToToday(today, batch([item('p1', '2026-11-22 23:59:59', 100)]), DAY)).toBeNull()
    expect(addToToday(today, { ...batch([item('p1', `${DAY} 10:00:00`, 100)]), payments: 12 }, DAY)).toBeNull()
  })
})

describe('the 30 days', () => {
  it("add today's payments to today's bar only", () => {
    const daily: Daily = [
      { day: '2026-11-22', paymentFen: 5, payments: 1 },
      { day: DAY, paymentFen: 100, payments: 2 },
    ]
    expect(addToDaily(daily, batch([item('p1', `${DAY} 09:00:00`, 50)]), DAY)).toEqual([
      { day: '2026-11-22', paymentFen: 5, payments: 1 },
      { day: DAY, paymentFen: 150, payments: 3 },
    ])
    // The chart still ends yesterday (read before midnight): read again.
    expect(addToDaily(daily.slice(0, 1), batch([item('p1', `${DAY} 00:00:01`, 50)]), DAY)).toBeNull()
  })
})

describe('payment methods', () => {
  it('add payments to their method; refunds are not a method share', () => {
    const methods: Methods = [
      { method: 'wechat', paymentFen: 100, payments: 1 },
      { method: 'alipay', paymentFen: 0, payments: 0 },
      { method: 'unionpay', paymentFen: 0, payments: 0 },
      { method: 'cash', paymentFen: 0, payments: 0 },
      { method: 'other', paymentFen: 0, payments: 0 },
    ]
    const next = addToMethods(
      methods,
      batch([
        item('p1', `${DAY} 09:00:00`, 50, { method: 'alipay' }),
        item('r1', `${DAY} 09:00:01`, 20, { type: 'refund', method: 'wechat' }),
      ]),
      DAY,
    )
    expect(next?.map((share) => [share.method, share.paymentFen, share.payments])).toEqual([
      ['wechat', 100, 1],
      ['alipay', 50, 1],
      ['unionpay', 0, 0],
      ['cash', 0, 0],
      ['other', 0, 0],
    ])
  })
})

describe('the last hour', () => {
  it('adds payments to their minute', () => {
    const next = addToMinutes(
      hourTo('10:30'),
      batch([item('p1', `${DAY} 10:30:15`, 700), item('p2', `${DAY} 10:29:59`, 300)]),
    )
    expect(next?.at(-1)).toEqual({ time: `${DAY} 10:30:00`, paymentFen: 700, payments: 1 })
    expect(next?.at(-2)).toEqual({ time: `${DAY} 10:29:00`, paymentFen: 300, payments: 1 })
    expect(next).toHaveLength(60)
  })

  it('moves on a minute when a payment arrives before the clock has turned', () => {
    const next = addToMinutes(hourTo('10:30'), batch([item('p1', `${DAY} 10:31:01`, 700)]))
    expect(next?.[0]?.time).toBe(`${DAY} 09:32:00`)
    expect(next?.at(-1)).toEqual({ time: `${DAY} 10:31:00`, paymentFen: 700, payments: 1 })
  })

  it('ignores payments older than the hour shown', () => {
    const next = addToMinutes(hourTo('10:30'), batch([item('p1', `${DAY} 08:00:00`, 700)]))
    expect(next?.every((minute) => minute.payments === 0)).toBe(true)
  })

  it('rolls over on the minute: zero points for the new minutes, the oldest dropped', () => {
    const hour = hourTo('10:30').map((minute, i) => ({ ...minute, payments: i }))
    const shifted = shiftMinutes(hour, at('10:32') + 700)
    expect(shifted).toHaveLength(60)
    expect(shifted[0]).toEqual(hour[2])
    expect(shifted.slice(-2)).toEqual([
      { time: `${DAY} 10:31:00`, paymentFen: 0, payments: 0 },
      { time: `${DAY} 10:32:00`, paymentFen: 0, payments: 0 },
    ])
    // Within the same minute nothing moves; after a long sleep the whole hour is new.
    expect(shiftMinutes(hour, at('10:30') + 59_000)).toBe(hour)
    const later = shiftMinutes(hour, at('13:00'))
    expect(later[0]?.time).toBe(`${DAY} 12:01:00`)
    expect(later.every((minute) => minute.payments === 0)).toBe(true)
  })

  it('crosses Shanghai midnight by the clock of contract/time.ts', () => {
    const beforeMidnight = Array.from({ length: 60 }, (_, i) => ({
      time: formatShanghaiTime(shanghaiDayStart(DAY).getTime() - (60 - i) * 60_000),
      paymentFen: 0,
      payments: 0,
    }))
    expect(beforeMidnight.at(-1)?.time).toBe('2026-11-22 23:59:00')
    expect(shiftMinutes(beforeMidnight, shanghaiDayStart(DAY)).at(-1)?.time).toBe(`${DAY} 00:00:00`)
  })
})

describe('passenger flow', () => {
  const flow: PassengerFlow = [
    { time: `${DAY} 00:00:00`, in: 0, out: 0 },
    { time: `${DAY} 00:10:00`, in: 4, out: 1 },
  ]

  it("adds a counter's report to its 10 minutes, adding the slots begun since", () => {
    expect(addToFlow(flow, { marketId: 'm-1', in: 3, out: 2, time: `${DAY} 00:12:30` }, DAY)?.[1]).toEqual({
      time: `${DAY} 00:10:00`,
      in: 7,
      out: 3,
    })
    const later = addToFlow(flow, { marketId: 'm-1', in: 5, out: 0, time: `${DAY} 00:31:00` }, DAY)
    expect(later?.map((slot) => [slot.time.slice(11, 16), slot.in])).toEqual([
      ['00:00', 0],
      ['00:10', 4],
      ['00:20', 0],
      ['00:30', 5],
    ])
  })

  it("refuses another day's report", () => {
    expect(addToFlow(flow, { marketId: 'm-1', in: 1, out: 0, time: '2026-11-22 23:55:00' }, DAY)).toBeNull()
  })

  it('moves on to the current 10 minutes with the clock, never past the day', () => {
    expect(extendFlow(flow, at('00:25'), DAY)).toHaveLength(3)
    expect(extendFlow(flow, at('00:19'), DAY)).toBe(flow)
    expect(extendFlow(flow, shanghaiDayStart('2026-11-24'), DAY).at(-1)?.time).toBe(`${DAY} 23:50:00`)
  })
})

describe('the latest lists', () => {
  it('put new transactions in front, newest first, once each, capped', () => {
    const list: LatestTransactions = Array.from({ length: LATEST_TRANSACTIONS }, (_, i) =>
      item(`old-${i}`, `${DAY} 09:${String(59 - i).padStart(2, '0')}:00`, 100),
    )
    const event = batch([item('n2', `${DAY} 10:00:02`, 5), item('n1', `${DAY} 10:00:01`, 5)])
    const next = prependTransactions(list, event)
    expect(next).toHaveLength(LATEST_TRANSACTIONS)
    expect(next.slice(0, 3).map((row) => row.id)).toEqual(['n2', 'n1', 'old-0'])
    // The same event heard twice (a resumed stream) is listed once.
    expect(prependTransactions(next, event)).toBe(next)
    // Another device may use the same event id: that is another transaction.
    const twin = prependTransactions(next, batch([item('n2', `${DAY} 10:00:02`, 5, { deviceId: 'device-2' })]))
    expect(twin.slice(0, 2).map((row) => [row.deviceId, row.id])).toEqual([
      ['device-2', 'n2'],
      ['device-1', 'n2'],
    ])
  })

  it('put new tests in front by their event ids, once each, capped', () => {
    const test = (id: string, result: TestItem['result'] = 'fail'): TestItem => ({
      id,
      deviceId: 'tester-1',
      produce: '芹菜',
      stallNo: 'A-34',
      merchantName: null,
      marketName: '东门市场',
      inhibitionPct: 83.2,
      result,
      time: `${DAY} 10:00:00`,
    })
    const event = { marketId: 'm-1', items: [test('t1'), test('t2', 'pass')] }
    const next = prependTests([], event)
    expect(next.map((row) => [row.id, row.result])).toEqual([
      ['t1', 'fail'],
      ['t2', 'pass'],
    ])
    // The same results heard again (a resumed stream, or already read from the server) are listed once.
    expect(prependTests(next, event)).toBe(next)
    const many = Array.from({ length: LATEST_TESTS }, (_, i) => test(`more-${i}`))
    expect(prependTests(next, { marketId: 'm-1', items: many })).toHaveLength(LATEST_TESTS)
  })
})
