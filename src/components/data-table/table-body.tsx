import { memo, type ReactNode } from 'react'
import { flexRender, type ColumnDef, type Row, type Table } from '@tanstack/react-table'
import { AsyncState } from '@/components/async-state/async-state'
import type { ListResult } from '@/components/async-state/use-list-result'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'

type TableBodyProps<Row> = {
  table: Table<Row>
  result: ListResult<Row>
  pageSize: number
  emptyText: string | undefined
}

type TableRowProps<Data> = {
  row: Row<Data>
  /** Compared, not read: a change of columns (language, visibility) draws the row again. */
  columns: readonly ColumnDef<Data, unknown>[]
  visible: string
}

/**
 * One row. Memoised on the row object, which TanStack Table keeps while its data is unchanged: the
 * page's other re-renders (navigation, the stale mark, a dialog opening) do not draw 100 rows again.
 */
function TableRowView<Data>({ row }: TableRowProps<Data>) {
  return (
    <tr className="border-t border-border hover:bg-muted/40">
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={`px-3 py-2.5 whitespace-nowrap ${cell.column.columnDef.meta?.className ?? ''}`}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  )
}
const TableRow = memo(TableRowView) as typeof TableRowView

/** The rows, or what stands in for them: skeleton rows, the failure with a retry, or "nothing matches". */
export function TableBody<Row>({ table, result, pageSize, emptyText }: TableBodyProps<Row>) {
  const visibleColumns = table.getVisibleLeafColumns()
  const width = visibleColumns.length
  const visible = visibleColumns.map((column) => column.id).join()
  const rows = table.getRowModel().rows
  const inCell = (content: ReactNode) => (
    <tr>
      <td colSpan={width} className="p-0">
        {content}
      </td>
    </tr>
  )

  if (result.rows === undefined) {
    if (result.status === 'error')
      return <tbody>{inCell(<AsyncState state="error" error={result.error} onRetry={result.retry} />)}</tbody>
    const skeleton = (
      <span className="block space-y-4 px-3 py-3.5">
        {Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </span>
    )
    return <tbody>{inCell(<AsyncState state="loading" skeleton={skeleton} onRetry={result.retry} />)}</tbody>
  }
  if (rows.length === 0) return <tbody>{inCell(<AsyncState state="empty" emptyText={emptyText} />)}</tbody>
  return (
    // Earlier rows stay readable but dimmed: the note above the table says why.
    <tbody className={cn('transition-opacity', result.stale && 'opacity-60')} data-stale={result.stale ?? undefined}>
      {rows.map((row) => (
        <TableRow key={row.id} row={row} columns={table.options.columns} visible={visible} />
      ))}
    </tbody>
  )
}
