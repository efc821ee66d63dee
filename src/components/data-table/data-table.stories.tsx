import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ColumnDef } from '@tanstack/react-table'
import { DataTable, type DataTableLabels } from './data-table'

type Row = { id: string; name: string; stalls: number }
const rows: Row[] = Array.from({ length: 8 }, (_, i) => ({ id: String(i), name: `农贸市场 ${i + 1}`, stalls: 40 + i * 13 }))
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Market', enableSorting: true },
  { id: 'stalls', accessorKey: 'stalls', header: 'Stalls', enableSorting: true },
]
const labels: DataTableLabels = {
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  total: (total) => `${total} in all`,
  pageSize: 'Rows per page',
  perPage: (size) => `${size} / page`,
  empty: 'Nothing matches',
  error: 'Could not load the list',
  retry: 'Retry',
  sortBy: (column) => `Sort by ${column}`,
  loading: 'Loading…',
}

function Table({ status }: { status: 'pending' | 'error' | 'success' }) {
  const [sort, setSort] = useState({ id: 'name', desc: false })
  return (
    <DataTable
      caption="Markets"
      columns={columns}
      rows={status === 'success' ? rows : undefined}
      total={rows.length}
      page={1}
      pageSize={10}
      sort={sort}
      onSortChange={setSort}
      onPageChange={() => {}}
      status={status}
      onRetry={() => {}}
      labels={labels}
      rowKey={(row) => row.id}
    />
  )
}

const meta = { title: 'Composite/DataTable', component: Table } satisfies Meta<typeof Table>
export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = { args: { status: 'success' } }
export const Loading: Story = { args: { status: 'pending' } }
export const Failed: Story = { args: { status: 'error' } }
