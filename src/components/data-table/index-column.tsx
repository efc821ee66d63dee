import type { ColumnDef, RowData } from '@tanstack/react-table'
import { m } from '@/paraglide/messages'

declare module '@tanstack/react-table' {
  // Declaration merging needs the library's own type parameter, used or not.
  interface TableMeta<TData extends RowData> {
    /** The number of the page's first row, less one: what the index column counts from. */
    firstIndex?: number
    /** A row that must stand out (an overdue complaint): tinted and marked with a bar at its start. */
    rowTone?: (row: TData) => 'danger' | undefined
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's cells (e.g. `tabular-nums`): one on the cell instead of a wrapper per row. */
    className?: string
    /**
     * The cell's element may stay in place when its row shows another item (a new page): the table
     * updates it instead of drawing it anew. Only for cells whose stateful parts key themselves by the
     * row (e.g. RowActions' `rowKey`); by default an element a cell draws is keyed by the row's id, so
     * its state can never pass from one item to another.
     */
    reuseAcrossRows?: boolean
    /**
     * Kept in view at the table's right edge while a wide table scrolls sideways (desktop widths): for
     * a row's actions, which would otherwise sit past the edge of a laptop's window.
     */
    pinnedEnd?: boolean
    /** Opens a phone card's first line ("#21" before the first field) instead of a line of its own. */
    cardLead?: boolean
  }
}

const INDEX_COLUMN_ID = '_index'

/** Row numbers that continue across pages (row 1 of page 2 at 20 a page is 21). */
export function indexColumn<Row>(): ColumnDef<Row, unknown> {
  return {
    id: INDEX_COLUMN_ID,
    header: () => m.list_index(),
    enableSorting: false,
    enableHiding: false,
    meta: { className: 'text-muted-foreground tabular-nums', cardLead: true },
    cell: ({ row, table }) => (table.options.meta?.firstIndex ?? 0) + row.index + 1,
  }
}
