import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { MarketStatement, PlatformStatement } from '@contract/statements'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { mockedApi, renderWithQueries } from '@/test-support/queries'
import { formatYuan } from '@/lib/format'
import { StatementPage, type StatementPageProps } from './statement-page'
import { StatementPrint } from './statement-print'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
const apiMock = mockedApi()

afterEach(() => {
  cleanup()
  apiMock.mockReset()
})

const figures = (payments: number, paymentFen: number, refunds: number, refundFen: number) => ({
  payments,
  paymentFen,
  refunds,
  refundFen,
  netFen: paymentFen - refundFen,
})

const marketStatement: MarketStatement = {
  market: { id: 'm-1', name: '东门农贸市场' },
  from: '2026-11-01',
  to: '2026-11-01',
  merchants: [
    {
      merchantId: 'x-1',
      merchantName: '陈辉',
      stallNo: 'A-01',
      ...figures(2, 1500, 2, 500),
      methods: [{ method: 'wechat', ...figures(2, 1500, 2, 500) }],
    },
    {
      merchantId: null,
      merchantName: '',
      stallNo: 'B-02',
      ...figures(1, 3000, 0, 0),
      methods: [{ method: 'alipay', ...figures(1, 3000, 0, 0) }],
    },
  ],
  totals: {
    ...figures(3, 4500, 2, 500),
    methods: [
      { method: 'wechat', ...figures(2, 1500, 2, 500) },
      { method: 'alipay', ...figures(1, 3000, 0, 0) },
    ],
  },
}

const platformStatement: PlatformStatement = {
  from: '2026-11-01',
  to: '2026-11-01',
  list: [{ marketId: 'm-1', marketName: '东门农贸市场', ...figures(3, 4500, 2, 500) }],
  total: 1,
  totals: figures(3, 4500, 2, 500),
}

const props = (overrides: Partial<StatementPageProps> = {}): StatementPageProps => ({
  market: 'm-1',
  days: { from: undefined, to: undefined },
  locale: 'en-US',
  onDaysChange: vi.fn(),
  onOpenMarket: vi.fn(),
  onOpenMerchant: vi.fn(),
  onPrint: vi.fn(),
  ...overrides,
})

describe("a market's statement page", () => {
  it('shows the totals in yuan and a row per merchant, a merchant opening its own statement', async () => {
    apiMock.mockResolvedValue(marketStatement)
    const open = vi.fn()
    renderWithQueries(<StatementPage {...props({ onOpenMerchant: open })} />)
    await waitFor(() => expect(screen.getByTestId('total-net-fen').textContent).toBe(formatYuan(4000, 'en-US')))
    expect(screen.getByTestId('total-payment-fen').textContent).toBe(formatYuan(4500, 'en-US'))
    expect(screen.getByText(/东门农贸市场 · 2026-11-01/)).toBeTruthy()
    expect(apiMock.mock.calls[0]?.slice(0, 3)).toEqual([
      '/statements/market',
      '$get',
      { query: { market: 'm-1', from: undefined, to: undefined } },
    ])
    fireEvent.click(screen.getAllByRole('button', { name: '陈辉' })[0]!)
    expect(open).toHaveBeenCalledWith('x-1')
    expect(screen.getAllByText(m.statements_unassigned()).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: m.statements_export_csv() })).toBeTruthy()
    expect(screen.getByRole('button', { name: m.statements_export_xlsx() })).toBeTruthy()
  })

  it("shows the day shown in the days' boxes when the URL names none (today's statement)", async () => {
    apiMock.mockResolvedValue(marketStatement)
    renderWithQueries(<StatementPage {...props()} />)
    const days = screen.getByRole('group', { name: m.statements_days() })
    const box = (name: string) => within(days).getByRole('textbox', { name }) as HTMLInputElement
    await waitFor(() => expect(box(m.table_date_from()).value).toBe('2026-11-01'))
    expect(box(m.table_date_to()).value).toBe('2026-11-01')
  })

  it('says when the days had no trade', async () => {
    apiMock.mockResolvedValue({ ...marketStatement, merchants: [], totals: { ...figures(0, 0, 0, 0), methods: [] } })
    renderWithQueries(<StatementPage {...props()} />)
    await waitFor(() => expect(screen.getByText(m.statements_empty())).toBeTruthy())
  })

  it('says what failed and offers a retry', async () => {
    apiMock.mockRejectedValueOnce(new ApiRequestError('Internal server error', 50000, null, 500))
    renderWithQueries(<StatementPage {...props()} />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(m.state_server_title()))
    apiMock.mockResolvedValueOnce(marketStatement)
    fireEvent.click(screen.getAllByRole('button', { name: m.common_retry() })[0]!)
    await waitFor(() => expect(screen.getByTestId('total-payments').textContent).toBe('3'))
  })
})

describe('days the API refuses', () => {
  it.each([
    ['more than 31 days', { from: '2026-10-01', to: '2026-11-28' }, () => m.table_date_too_long({ days: 31 })],
    ['an end before the start', { from: '2026-11-20', to: '2026-11-10' }, () => m.validation_date_order()],
  ])('%s: said once, beside the days, and nothing asked', async (_, days, message) => {
    renderWithQueries(<StatementPage {...props({ days })} />)
    await waitFor(() => expect(screen.getByText(m.table_date_refused_empty())).toBeTruthy())
    const alerts = screen.getAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent)).toEqual([message()])
    expect(within(screen.getByRole('group', { name: m.statements_days() })).getByRole('alert')).toBe(alerts[0])
    expect(apiMock).not.toHaveBeenCalled()
  })

  it('the print view says it once and asks nothing', () => {
    renderWithQueries(
      <StatementPrint market="m-1" days={{ from: '2026-10-01', to: '2026-11-28' }} locale="zh-CN" now={new Date()} />,
    )
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      m.table_date_too_long({ days: 31 }),
    ])
    expect(apiMock).not.toHaveBeenCalled()
  })
})

describe("the platform's statement page", () => {
  it('gives a row per market, each opening its market', async () => {
    apiMock.mockResolvedValue(platformStatement)
    const open = vi.fn()
    renderWithQueries(<StatementPage {...props({ market: null, onOpenMarket: open })} />)
    await waitFor(() => expect(screen.getAllByRole('button', { name: '东门农贸市场' }).length).toBeGreaterThan(0))
    expect(apiMock.mock.calls[0]?.slice(0, 3)).toEqual([
      '/statements/platform',
      '$get',
      { query: { from: undefined, to: undefined, page: 1, pageSize: 50, sort: 'name', order: 'asc' } },
    ])
    fireEvent.click(screen.getAllByRole('button', { name: '东门农贸市场' })[0]!)
    expect(open).toHaveBeenCalledWith('m-1')
  })
})

describe('the print view', () => {
  it("renders the market's name, the day, the totals and a line to sign", async () => {
    apiMock.mockResolvedValue(marketStatement)
    renderWithQueries(
      <StatementPrint market="m-1" days={{ from: undefined, to: undefined }} locale="en-US" now={new Date()} />,
    )
    await waitFor(() => expect(screen.getByTestId('statement-print-title').textContent).toContain('东门农贸市场'))
    expect(screen.getByTestId('statement-print-days').textContent).toBe('2026-11-01')
    const totals = screen.getByTestId('statement-print-totals')
    expect(within(totals).getByText(formatYuan(4000, 'en-US'))).toBeTruthy()
    expect(screen.getByTestId('statement-print-signature').textContent).toBe(m.statements_signature())
    // The A4 page and the rules that print the sheet alone.
    expect(screen.getByTestId('statement-print').querySelector('style')?.textContent).toMatch(/size: A4/)
  })
})
