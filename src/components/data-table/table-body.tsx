import { Fragment, isValidElement, memo, useMemo, useRef, type ReactNode } from 'react'
import type { CellContext, Column, Row, Table } from '@tanstack/react-table'
import { AsyncState } from '@/components/async-state/async-state'
import type { ListResult } from '@/components/async-state/use-list-result'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { PHONE_CARD_ROW, ROWS_BODY_CLASS, rowCellClass } from './row-classes'
import { useRowFocusKept } from './use-row-focus-kept'
import { useRowSlots } from './use-row-slots'
import { useVirtualRows } from './use-virtual-rows'

/** A row `rowTone` marks: a tint, and a bar at its start (a card's left edge on a phone), in both themes. */
const DANGER_ROW =
  'bg-danger-subtle/60 hover:bg-danger-subtle shadow-[inset_3px_0_0_var(--danger)] max-md:bg-danger-subtle/40 max-md:border-danger/50'

type TableBodyProps<Row> = {
  table: Table<Row>
  result: ListResult<Row>
  pageSize: number
  emptyText: string | undefined
  /** Where focus goes when the row holding it went and none is left (the list's search box). */
  whenNoRows?: () => void
}

type TableRowProps<Data> = {
  row: Row<Data>
  /** The row's place in the page (`data-index`, which the virtualizer reads when it measures the row). */
  index: number
  /** Set when only some rows are drawn: the row's place in the table, counting the header row (ARIA). */
  rowIndex: number | undefined
  measure: ((row: HTMLTableRowElement | null) => void) | undefined
  table: Table<Data>
  /** The visible columns, which TanStack Table keeps while columns and visibility stay: a change draws the row again. */
  columns: readonly Column<Data, unknown>[]
}

/**
 * What a cell function is given, as TanStack's `cell.getContext()` has it. Made here rather than through
 * `row.getVisibleCells()`, which builds a cell object (with closures from every table feature) for each
 * column of each row on every new page; the cell object is made only if a cell function reads `cell`.
 */
class RowCellContext<Data> {
  constructor(
    readonly table: Table<Data>,
    readonly row: Row<Data>,
    readonly column: Column<Data, unknown>,
  ) {}
  getValue = () => this.row.getValue(this.column.id)
  renderValue = () => this.getValue() ?? this.table.options.renderFallbackValue
  get cell() {
    return this.row._getAllCellsByColumnId()[this.column.id]!
  }
}

/**
 * One row. Rows are keyed by slot (use-row-slots.ts): a new page updates the `<tr>`, `<td>` and text
 * nodes already on screen instead of removing a hundred rows and building a hundred new ones, and a row
 * that stays on the page keeps its slot when it moves (its open confirm with it). What a cell
 * draws as an element (a component, a button, a badge) is keyed by the row's id: a cell's state (an
 * open dialog, a menu) belongs to one row's data and never passes to the next page's row in its place.
 * Plain text and numbers hold no state and are updated where they are, and so are the elements of a
 * column marked `meta.reuseAcrossRows`, whose components key their own state by the row.
 *
 * Cell functions are called as functions, not mounted as components (flexRender's way): a cell that
 * needs hooks returns a component that has them (hooks in a `cell` function are a lint error anyway).
 *
 * Memoised on the row object, which TanStack Table keeps while its data is unchanged: the page's other
 * re-renders (navigation, the stale mark, a dialog opening, a scroll that draws other rows) do not draw
 * the rows already on screen again.
 */
function TableRowView<Data>({ row, index, rowIndex, measure, table, columns }: TableRowProps<Data>) {
  const tone = table.options.meta?.rowTone?.(row.original)
  return (
    <tr
      ref={measure}
      role="row"
      data-index={index}
      aria-rowindex={rowIndex}
      data-tone={tone}
      className={tone === 'danger' ? cn(PHONE_CARD_ROW, DANGER_ROW) : PHONE_CARD_ROW}
    >
      {columns.map((column) => {
        const def = column.columnDef
        const content: unknown =
          typeof def.cell === 'function'
            ? def.cell(new RowCellContext(table, row, column) as CellContext<Data, unknown>)
            : def.cell
        const { pinnedEnd, cardLead } = def.meta ?? {}
        return (
          <td
            key={column.id}
            role="cell"
            // The actions and the row number are known by their place on a card, not by a name.
            data-label={typeof def.header === 'string' && !pinnedEnd && !cardLead ? def.header : undefined}
            data-card-lead={cardLead || undefined}
            className={rowCellClass(def.meta)}
          >
            {isValidElement(content) && !def.meta?.reuseAcrossRows ? (
              <Fragment key={row.id}>{content}</Fragment>
            ) : (
              (content as ReactNode)
            )}
          </td>
        )
      })}
    </tr>
  )
}
const TableRow = memo(TableRowView) as typeof TableRowView

/** The height of rows not drawn (a long page draws the rows in view): hidden from screen readers. */
function RowSpace({ height, width }: { height: number; width: number }) {
  return (
    <tr aria-hidden className="max-md:block">
      <td colSpan={width} style={{ height }} className="p-0 max-md:block" />
    </tr>
  )
}

/** Skeleton rows at most: more than a 1,000 px screen holds. */
const SKELETON_ROWS = 20

/** The rows, or what stands in for them: skeleton rows, the failure with a retry, or "nothing matches". */
export function TableBody<Row>({ table, result, pageSize, emptyText, whenNoRows }: TableBodyProps<Row>) {
  // Kept by TanStack Table (memoised) while the columns and their visibility stay the same.
  const visibleColumns = table.getVisibleLeafColumns()
  const width = visibleColumns.length
  const rows = table.getRowModel().rows
  const body = useRef<HTMLTableSectionElement>(null)
  // A long page draws the rows in view; the others are space of their height (use-virtual-rows.ts).
  const drawn = useVirtualRows(result.rows === undefined ? 0 : rows.length, width, body)
  const slots = useRowSlots(useMemo(() => rows.map((row) => row.id), [rows]))
  const focusKept = useRowFocusKept(body, whenNoRows)
  const inCell = (content: ReactNode) => (
    <tr role="row" className="max-md:block">
      <td role="cell" colSpan={width} className="p-0 max-md:block max-md:text-center">
        {content}
      </td>
    </tr>
  )

  if (result.rows === undefined) {
    if (result.status === 'error')
      return (
        <tbody role="rowgroup" className="max-md:block">
          {inCell(<AsyncState state="error" error={result.error} onRetry={result.retry} />)}
        </tbody>
      )
    // On a wide screen each bar stands in a row's height (use-virtual-rows.ts: a 32 px button, its
    // padding and border), up to a screenful: what follows the table (the pagination, the footer) is
    // where a full page of rows puts it, so it does not jump when they arrive (issue 24: CLS 0.069).
    const skeleton = (
      <span className="block px-3 max-md:space-y-4 max-md:py-3.5">
        {Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, i) => (
          <span key={i} className="flex items-center md:h-[53px]">
            <Skeleton className="h-4 w-full" />
          </span>
        ))}
      </span>
    )
    return (
      <tbody role="rowgroup" className="max-md:block">
        {inCell(<AsyncState state="loading" skeleton={skeleton} onRetry={result.retry} />)}
      </tbody>
    )
  }
  if (rows.length === 0)
    return (
      <tbody role="rowgroup" className="max-md:block">
        {inCell(<AsyncState state="empty" emptyText={emptyText} />)}
      </tbody>
    )
  return (
    // Earlier rows stay readable but dimmed: the note above the table says why.
    <tbody
      ref={body}
      role="rowgroup"
      className={cn(ROWS_BODY_CLASS, result.stale && 'opacity-60')}
      data-stale={result.stale ?? undefined}
      onFocus={(event) => {
        drawn.onFocus?.(event)
        focusKept.onFocus(event)
      }}
      onBlur={focusKept.onBlur}
    >
      {drawn.slots.map(({ index, spaceBefore }) => (
        // By slot: see TableRowView.
        <Fragment key={slots[index]}>
          {spaceBefore > 0 && <RowSpace height={spaceBefore} width={width} />}
          <TableRow
            row={rows[index]!}
            index={index}
            // The header row is the table's first.
            rowIndex={drawn.partial ? index + 2 : undefined}
            measure={drawn.measure}
            table={table}
            columns={visibleColumns}
          />
        </Fragment>
      ))}
      {drawn.spaceAfter > 0 && <RowSpace height={drawn.spaceAfter} width={width} />}
    </tbody>
  )
}
