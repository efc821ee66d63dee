import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ColumnDef } from '@tanstack/react-table'
import { ApiRequestError } from '@/lib/api-client'
import type { ListResult } from '@/components/async-state/use-list-result'
import { ColumnVisibility } from './column-visibility'
import { DataTable, type TableSort } from './data-table'
import { SearchBox } from './search-box'
import { SelectFilter } from './select-filter'

type Row = { id: string; name: string; stalls: number; status: '1' | '2' }
const rows: Row[] = Array.from({ length: 8 }, (_, i) => ({
  id: String(i),
  name: `农贸市场 ${i + 1}`,
  stalls: 40 + i * 13,
  status: i % 3 === 0 ? '2' : '1',
}))
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Market', enableSorting: true, enableHiding: false },
  { id: 'stalls', accessorKey: 'stalls', header: 'Stalls', enableSorting: true },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => (row.original.status === '1' ? 'Normal' : 'Frozen'),
  },
]
const offline = new ApiRequestError('Network Error', 0, null, 0, 'network')

type State = 'loaded' | 'loading' | 'failed' | 'empty' | 'stale' | 'staleFailed'
const results: Record<State, ListResult<Row>> = {
  loaded: { rows, total: 42, status: 'success', stale: null, error: null, fetching: false, retry: () => {} },
  loading: { rows: undefined, total: 0, status: 'pending', stale: null, error: null, fetching: true, retry: () => {} },
  failed: { rows: undefined, total: 0, status: 'error', stale: null, error: offline, fetching: false, retry: () => {} },
  empty: { rows: [], total: 0, status: 'success', stale: null, error: null, fetching: false, retry: () => {} },
  stale: { rows, total: 42, status: 'pending', stale: 'loading', error: null, fetching: true, retry: () => {} },
  staleFailed: {
    rows,
    total: 42,
    status: 'error',
    stale: 'failed',
    error: new ApiRequestError('Internal error', 50000, null, 500),
    fetching: false,
    retry: () => {},
  },
}

/** A list page's table with its whole toolbar: search box, select filter, column visibility, row numbers. */
function Table({ state }: { state: State }) {
  const [sort, setSort] = useState<TableSort>({ id: 'name', desc: false })
  const [page, setPage] = useState(1)
  const [text, setText] = useState('')
  const [status, setStatus] = useState<'1' | '2' | undefined>(undefined)
  const [visibility, setVisibility] = useState<Record<string, boolean>>({})
  return (
    <DataTable
      caption="Markets"
      columns={columns}
      result={results[state]}
      page={page}
      pageSize={20}
      onPageChange={setPage}
      sort={sort}
      onSortChange={setSort}
      showIndex
      columnVisibility={visibility}
      rowKey={(row) => row.id}
      toolbar={
        <>
          <SearchBox label="Search name, account or credit code" value={text} onChange={setText} />
          <SelectFilter
            name="status"
            label="Account status"
            allLabel="All statuses"
            value={status}
            options={[
              { value: '1', label: 'Normal' },
              { value: '2', label: 'Frozen' },
            ]}
            onChange={setStatus}
          />
          <ColumnVisibility
            columns={[
              { id: 'stalls', label: 'Stalls' },
              { id: 'status', label: 'Status' },
            ]}
            visibility={visibility}
            onChange={(id, visible) => setVisibility((previous) => ({ ...previous, [id]: visible }))}
          />
        </>
      }
    />
  )
}

const meta = { title: 'Composite/DataTable', component: Table } satisfies Meta<typeof Table>
export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = { args: { state: 'loaded' } }
export const Loading: Story = { args: { state: 'loading' } }
export const Failed: Story = { args: { state: 'failed' } }
export const Empty: Story = { args: { state: 'empty' } }
/** Earlier rows, dimmed and labelled, while a new search loads. */
export const StaleWhileLoading: Story = { args: { state: 'stale' } }
/** Earlier rows after the new search failed: what went wrong, and a retry. */
export const StaleAfterFailure: Story = { args: { state: 'staleFailed' } }
export const LoadedDark: Story = { args: { state: 'loaded' }, globals: { theme: 'dark' } }
export const StaleAfterFailureDark: Story = { args: { state: 'staleFailed' }, globals: { theme: 'dark' } }
