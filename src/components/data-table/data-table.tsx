import type { ReactNode } from 'react'
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox } from 'lucide-react'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Pagination, type PaginationLabels } from './pagination'

export type DataTableLabels = PaginationLabels & { empty: string; error: string; retry: string; sortBy: (column: string) => string; loading: string }

type DataTableProps<Row> = {
  caption: string
  columns: ColumnDef<Row, unknown>[]
  rows: Row[] | undefined
  total: number
  page: number
  pageSize: number
  pageSizes?: number[]
  /** One server-side sort: column id and direction. */
  sort: { id: string; desc: boolean } | null
  onSortChange: (sort: { id: string; desc: boolean }) => void
  onPageChange: (page: number, pageSize: number) => void
  status: 'pending' | 'error' | 'success'
  fetching?: boolean
  onRetry: () => void
  labels: DataTableLabels
  toolbar?: ReactNode
  rowKey: (row: Row) => string
}

/**
 * The console's table: server-side paging and sorting (state lives in the URL, owned by the page),
 * with loading, empty and error states. An area supplies columns and a toolbar only.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, sort, status, labels } = props
  const sorting: SortingState = sort ? [sort] : []
  const table = useReactTable({
    data: rows ?? [],
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.rowKey,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater
      if (next[0]) props.onSortChange({ id: next[0].id, desc: next[0].desc })
    },
  })

  return (
    <div className="rounded-lg border border-border bg-card">
      {props.toolbar && <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">{props.toolbar}</div>}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" aria-busy={status === 'pending' || props.fetching ? true : undefined}>
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-muted/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const title = flexRender(header.column.columnDef.header, header.getContext())
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="px-3 py-2.5 text-left font-medium whitespace-nowrap text-muted-foreground"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        >
                          {title}
                          {sorted === 'asc' ? <ArrowUp aria-hidden className="size-3.5" /> : sorted === 'desc' ? <ArrowDown aria-hidden className="size-3.5" /> : <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />}
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cn(props.fetching && status === 'success' && 'opacity-60 transition-opacity')}>
            {status === 'pending' &&
              Array.from({ length: Math.min(props.pageSize, 8) }, (_, i) => (
                <tr key={i} className="border-t border-border">
                  {columns.map((_column, j) => (
                    <td key={j} className="px-3 py-3">
                      <Skeleton className="h-4 w-full max-w-40" />
                    </td>
                  ))}
                </tr>
              ))}
            {status === 'error' && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-12 text-center text-muted-foreground">
                  <p role="alert">{labels.error}</p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={props.onRetry}>
                    {labels.retry}
                  </Button>
                </td>
              </tr>
            )}
            {status === 'success' && table.getRowModel().rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-12 text-center text-muted-foreground">
                  <Inbox aria-hidden className="mx-auto mb-2 size-8" />
                  {labels.empty}
                </td>
              </tr>
            )}
            {status === 'success' &&
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-border hover:bg-muted/40">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2.5 whitespace-nowrap">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <Pagination page={props.page} pageSize={props.pageSize} total={props.total} pageSizes={props.pageSizes ?? [10, 20, 50, 100]} onChange={props.onPageChange} labels={labels} />
    </div>
  )
}
