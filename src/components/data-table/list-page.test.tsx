import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import type { ListResult } from '@/components/async-state/use-list-result'
import { ListPage } from './list-page'

// The scope line reads the route and the caller; here it is enough that the frame draws it for a scoped list.
vi.mock('@/components/market-scope-line', () => ({
  MarketScopeLine: ({ market }: { market: string | null }) => (
    <p data-testid="market-scope" data-market={market ?? ''} />
  ),
}))

afterEach(cleanup)

type Market = { id: string; name: string; phone: string }
const result: ListResult<Market> = {
  rows: [
    { id: 'a', name: 'North', phone: '0314' },
    { id: 'b', name: 'South', phone: '0315' },
  ],
  total: 4,
  status: 'success',
  stale: null,
  error: null,
  fetching: false,
  retry: () => {},
}
const columns = [
  { id: 'name', accessorKey: 'name', header: 'Name', enableSorting: true, enableHiding: false },
  { id: 'phone', accessorKey: 'phone', header: 'Phone', enableSorting: false },
]

function renderList(market?: string | null, columnsKey = 'list-page-test') {
  const list = {
    paging: { page: 1, pageSize: 2, onPageChange: vi.fn() },
    sorting: { sort: { id: 'name', desc: false }, onSortChange: vi.fn() },
  }
  render(
    <ListPage
      title="Markets"
      market={market}
      actions={<button type="button">Export</button>}
      notice={<p role="status">Sent back</p>}
      list={list}
      columnsKey={columnsKey}
      columns={columns}
      result={result}
      rowKey={(row) => row.id}
      filters={<input type="search" aria-label="Search markets" />}
    >
      <p>Note under the table</p>
    </ListPage>,
  )
  return list
}

describe('ListPage', () => {
  it('heads the page with its title, actions and notice and captions the table with the same words', () => {
    renderList()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Markets')
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy()
    expect(document.querySelector('caption')?.textContent).toBe('Markets')
    // A list not scoped to markets has no scope line; the note comes after the table.
    expect(screen.queryByTestId('market-scope')).toBeNull()
    // The notice stands between the heading and the table.
    const notice = screen.getByText('Sent back')
    expect(screen.getByRole('heading').compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      notice.compareDocumentPosition(document.querySelector('table')!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    const note = screen.getByText('Note under the table')
    expect(
      document.querySelector('table')!.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('names the market in scope under the title, all markets too', () => {
    renderList(null)
    expect(screen.getByTestId('market-scope').dataset.market).toBe('')
    cleanup()
    renderList('m-1')
    expect(screen.getByTestId('market-scope').dataset.market).toBe('m-1')
  })

  it("binds the table to the list's page and sort", () => {
    const list = renderList()
    fireEvent.click(screen.getByRole('button', { name: /Name/ }))
    expect(list.sorting.onSortChange).toHaveBeenCalledWith({ id: 'name', desc: true })
    fireEvent.click(screen.getAllByRole('button', { name: m.common_next() })[0]!)
    expect(list.paging.onPageChange).toHaveBeenCalledWith(2, 2)
  })

  it('ends the toolbar with the columns button and hides the columns this browser hid for the list', () => {
    localStorage.setItem('columns:list-page-hidden', JSON.stringify({ phone: false }))
    renderList(undefined, 'list-page-hidden')
    const search = screen.getByRole('searchbox', { name: 'Search markets' })
    const choose = screen.getByRole('button', { name: m.list_columns() })
    expect(search.compareDocumentPosition(choose) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByText('0314')).toBeNull()
    expect(screen.getByText('North')).toBeTruthy()
  })
})
