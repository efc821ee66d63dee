import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Today } from '@contract/dashboard'
import type { TransactionsLive } from '@contract/live'
import { formatShanghaiTime } from '@contract/time'
import { minutesQuery, testsQuery, todayQuery, transactionsQuery } from './queries'
import { useWorkplaceLive } from './use-workplace-live'

/** The live stream, replaced by handlers the test calls itself. */
const handlers = new Map<string, (data: unknown) => void>()
vi.mock('@/lib/live-stream', async (original) => ({
  // The real useLiveRefresh: the workplace reads again by the rule of every live page.
  ...(await original<object>()),
  useLiveEvent: (type: string, handler: (data: unknown) => void) => handlers.set(type, handler),
}))
const emit = (type: string, data: unknown) => handlers.get(type)?.(data)

afterEach(() => {
  cleanup()
  handlers.clear()
})

const MARKET = 'market-1'
const figures = { paymentFen: 1_000, payments: 2, refunds: 0, refundFen: 0 }
const today: Today = { today: figures, yesterday: figures, onlineDevices: 1, boundDevices: 2, asOf: '' }

function setup(market: string | null = MARKET) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const now = Date.now()
  client.setQueryData(todayQuery(MARKET).queryKey, today)
  client.setQueryData(
    minutesQuery(MARKET).queryKey,
    Array.from({ length: 60 }, (_, i) => ({
      time: formatShanghaiTime(Math.floor(now / 60_000) * 60_000 - (59 - i) * 60_000),
      paymentFen: 0,
      payments: 0,
    })),
  )
  client.setQueryData(transactionsQuery(MARKET).queryKey, [])
  client.setQueryData(testsQuery(MARKET).queryKey, [])
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const hook = renderHook(({ scope }) => useWorkplaceLive(scope), { wrapper, initialProps: { scope: market } })
  return { client, invalidate, time: formatShanghaiTime(now), rerender: hook.rerender }
}

const payment = (time: string, marketId = MARKET): TransactionsLive => ({
  marketId,
  payments: 1,
  paymentFen: 12_345,
  refunds: 0,
  refundFen: 0,
  items: [
    {
      id: 'p1',
      deviceId: 'pos-1',
      type: 'payment',
      method: 'alipay',
      amountFen: 12_345,
      stallNo: 'A-01',
      merchantName: null,
      marketName: '东门市场',
      time,
    },
  ],
})

describe('the workplace, live', () => {
  it("adds a payment to today's figures, the last hour and the latest list without a request", () => {
    const { client, invalidate, time } = setup()
    emit('transactions', payment(time))
    expect(client.getQueryData(todayQuery(MARKET).queryKey)?.today).toMatchObject({ paymentFen: 13_345, payments: 3 })
    expect(client.getQueryData(minutesQuery(MARKET).queryKey)?.at(-1)).toMatchObject({
      paymentFen: 12_345,
      payments: 1,
    })
    expect(client.getQueryData(transactionsQuery(MARKET).queryKey)?.[0]?.amountFen).toBe(12_345)
    // Only the rankings, which an event cannot patch, are read again.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['dashboard', MARKET, 'ranking']])
  })

  it("ignores another market's events", () => {
    const { client, invalidate, time } = setup()
    emit('transactions', payment(time, 'market-2'))
    expect(client.getQueryData(todayQuery(MARKET).queryKey)).toBe(today)
    expect(invalidate).not.toHaveBeenCalled()
  })

  it("reads today's figures again for a backlog from yesterday instead of adding it to today", () => {
    const { client, invalidate } = setup()
    emit('transactions', payment('2000-01-01 10:00:00'))
    expect(client.getQueryData(todayQuery(MARKET).queryKey)).toBe(today)
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual(['dashboard', MARKET, 'today'])
  })

  it('puts a test in front of the list, reads the device count again on a device event, everything on a resync', () => {
    const { client, invalidate, time } = setup()
    emit('tests', {
      marketId: MARKET,
      items: [
        {
          id: 't-7',
          deviceId: 'tester-1',
          produce: '芹菜',
          stallNo: 'A-1',
          merchantName: null,
          marketName: '东门市场',
          inhibitionPct: 80,
          result: 'fail',
          time,
        },
      ],
    })
    // The result keeps the device's own event id: no id made up in the page.
    expect(client.getQueryData(testsQuery(MARKET).queryKey)?.[0]).toMatchObject({
      id: 't-7',
      deviceId: 'tester-1',
      produce: '芹菜',
      result: 'fail',
    })
    emit('device', { marketId: MARKET, online: true })
    expect(invalidate.mock.calls.at(-1)?.[0]?.queryKey).toEqual(['dashboard', MARKET, 'today'])
    emit('resync', {})
    expect(invalidate.mock.calls.at(-1)?.[0]?.queryKey).toEqual(['dashboard', MARKET])
  })

  it('reads a figure again instead of patching it while its answer is on its way (it may predate the event)', async () => {
    const { client, invalidate, time } = setup()
    void client.fetchQuery({
      queryKey: transactionsQuery(MARKET).queryKey,
      queryFn: () => new Promise<never>(() => {}),
      staleTime: 0,
    })
    emit('transactions', payment(time))
    expect(client.getQueryData(transactionsQuery(MARKET).queryKey)).toEqual([])
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual([
      'dashboard',
      MARKET,
      'transactions',
    ])
  })

  it('reads the figures of the market now in scope after a switch', () => {
    const { invalidate, rerender } = setup()
    rerender({ scope: 'market-2' })
    emit('device', { marketId: 'market-2', online: true })
    expect(invalidate.mock.calls.at(-1)?.[0]?.queryKey).toEqual(['dashboard', 'market-2', 'today'])
  })
})
