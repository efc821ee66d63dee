import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { mockedApi, renderWithQueries } from '@/test-support/queries'
import { LatestTestsWidget } from './latest-tests'
import { LatestTransactionsWidget } from './latest-transactions'
import { testsQuery, type LatestTests, type LatestTransactions } from './queries'
import { ChangeNote } from './today-figures'

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<object>()), api: vi.fn() }))
const apiMock = mockedApi()

afterEach(() => {
  cleanup()
  apiMock.mockReset()
})

const renderWithClient = (ui: ReactElement) => renderWithQueries(ui).client

const widget = () => screen.getByTestId('widget-tests')

const failed: LatestTests = [
  {
    id: 't1',
    deviceId: 'tester-1',
    produce: '芹菜',
    stallNo: 'A-34',
    merchantName: '陈辉',
    marketName: '东门市场',
    inhibitionPct: 83.2,
    result: 'fail',
    time: '2026-11-23 14:14:00',
  },
  {
    id: 't2',
    deviceId: 'tester-2',
    produce: '韭菜',
    stallNo: 'A-10',
    merchantName: null,
    marketName: '西城农贸市场',
    inhibitionPct: 29.3,
    result: 'pass',
    time: '2026-11-23 14:10:00',
  },
]

describe('a dashboard widget', () => {
  it('shows its title and a skeleton while loading', () => {
    apiMock.mockReturnValue(new Promise(() => {}))
    renderWithClient(<LatestTestsWidget market={null} locale="en-US" />)
    expect(widget().dataset.state).toBe('loading')
    expect(within(widget()).getByRole('heading', { level: 2 }).textContent).toBe(m.dashboard_tests_title())
    expect(within(widget()).getByRole('status').textContent).toContain(m.common_loading())
    expect(widget().querySelector('[data-slot="skeleton"]')).not.toBeNull()
  })

  it('says when there is nothing yet', async () => {
    apiMock.mockResolvedValue([])
    renderWithClient(<LatestTestsWidget market={null} locale="en-US" />)
    await waitFor(() => expect(widget().dataset.state).toBe('empty'))
    expect(widget().textContent).toContain(m.dashboard_empty_tests())
  })

  it('says what failed, and a retry loads it; a failed test stands out by icon and word, not colour alone', async () => {
    apiMock.mockRejectedValueOnce(new ApiRequestError('Internal server error', 50000, null, 500))
    renderWithClient(<LatestTestsWidget market="m-1" locale="en-US" />)
    await waitFor(() => expect(widget().dataset.state).toBe('error'))
    expect(within(widget()).getByRole('alert').textContent).toContain(m.state_server_title())

    apiMock.mockResolvedValueOnce(failed)
    fireEvent.click(within(widget()).getByRole('button', { name: m.common_retry() }))
    await waitFor(() => expect(widget().dataset.state).toBe('ready'))
    // Scoped: the market in scope went with both requests.
    expect(apiMock).toHaveBeenLastCalledWith(
      '/dashboard/tests',
      '$get',
      { query: { market: 'm-1' } },
      expect.anything(),
    )
    const [fail, pass] = within(widget()).getAllByRole('listitem')
    expect(fail?.dataset.result).toBe('fail')
    expect(fail?.textContent).toContain(m.dashboard_test_fail())
    expect(fail?.querySelector('svg')).not.toBeNull()
    expect(pass?.textContent).toContain(m.dashboard_test_pass())
    expect(fail?.textContent).toContain('83.2%')
  })

  it('keeps the earlier figures when a refresh fails, and says so', async () => {
    apiMock.mockResolvedValueOnce(failed)
    const client = renderWithClient(<LatestTestsWidget market={null} locale="en-US" />)
    await waitFor(() => expect(widget().dataset.state).toBe('ready'))
    apiMock.mockRejectedValueOnce(new ApiRequestError('Network Error', 0, null, 0, 'network'))
    await client.refetchQueries({ queryKey: testsQuery(null).queryKey }).catch(() => {})
    await waitFor(() => expect(within(widget()).getByRole('alert').textContent).toContain(m.dashboard_refresh_failed()))
    expect(within(widget()).getAllByRole('listitem')).toHaveLength(2)
  })
})

const trade: LatestTransactions[number] = {
  id: '1',
  deviceId: 'pos-1',
  type: 'payment',
  method: 'wechat',
  amountFen: 1_250,
  stallNo: 'A-01',
  merchantName: '陈辉',
  marketName: '东门市场',
  time: '2026-11-23 14:14:00',
}
// The same stall number and event id in another market: another row.
const trades: LatestTransactions = [trade, { ...trade, deviceId: 'pos-2', marketName: '西城农贸市场' }]

describe('the latest lists of every market', () => {
  it("name each test's market when the scope is all markets, and not within one market", async () => {
    apiMock.mockResolvedValue(failed)
    renderWithClient(<LatestTestsWidget market={null} locale="en-US" />)
    await waitFor(() => expect(widget().dataset.state).toBe('ready'))
    const [first, second] = within(widget()).getAllByRole('listitem')
    expect(first?.textContent).toContain('东门市场 · A-34 · 陈辉')
    expect(second?.textContent).toContain('西城农贸市场 · A-10')
    cleanup()

    renderWithClient(<LatestTestsWidget market="m-1" locale="en-US" />)
    await waitFor(() => expect(widget().dataset.state).toBe('ready'))
    expect(widget().textContent).not.toContain('东门市场')
  })

  it("give each transaction's market a column when the scope is all markets, and none within one market", async () => {
    apiMock.mockResolvedValue(trades)
    renderWithClient(<LatestTransactionsWidget market={null} locale="en-US" />)
    const table = await screen.findByTestId('transactions-table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers.slice(0, 3)).toEqual([m.dashboard_time(), m.dashboard_market(), m.dashboard_stall()])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['东门市场', '西城农贸市场'])
    cleanup()

    renderWithClient(<LatestTransactionsWidget market="m-1" locale="en-US" />)
    const scoped = await screen.findByTestId('transactions-table')
    expect(within(scoped).queryByRole('columnheader', { name: m.dashboard_market() })).toBeNull()
  })
})

describe('the change against yesterday', () => {
  const note = () =>
    screen.getByText((_, element) => element instanceof HTMLElement && element.dataset.change !== undefined)

  it('is an arrow and a percentage, said in words for screen readers', () => {
    render(<ChangeNote current={120} previous={100} locale="en-US" />)
    expect(note().dataset.change).toBe('up')
    expect(note().textContent).toContain('20%')
    expect(note().querySelector('svg')).not.toBeNull()
    expect(note().querySelector('.sr-only')?.textContent).toBe(m.dashboard_change_up({ percent: '20%' }))
  })

  it('is "—" without an arrow when yesterday had nothing', () => {
    render(<ChangeNote current={500} previous={0} locale="zh-CN" />)
    expect(note().dataset.change).toBe('none')
    expect(note().textContent).toContain('—')
    expect(note().querySelector('svg')).toBeNull()
    expect(note().querySelector('.sr-only')?.textContent).toBe(m.dashboard_change_none())
  })

  it('colours refunds going up as bad', () => {
    render(<ChangeNote current={3} previous={1} locale="en-US" upIsGood={false} />)
    expect(note().querySelector('.text-danger')).not.toBeNull()
  })
})
