import { m } from '@/paraglide/messages'
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type HeaderGroup,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { PAGE_SIZES } from '@contract/list'
import { cn } from '@/lib/cn'
import { useLocale } from '@/lib/locale'
import { StaleNote } from '@/components/async-state/stale-note'
import type { ListResult } from '@/components/async-state/use-list-result'
import { indexColumn } from './index-column'
import { Pagination, type CursorPaging } from './pagination'
import { TableBody } from './table-body'
import { useCardLayout } from './use-card-layout'
import { useSteadyColumnWidths } from './use-steady-column-widths'
import { tableLabels } from './use-table-labels'
import { drawsRowsInView } from './use-virtual-rows'

export type TableSort = { id: string; desc: boolean }

// One element each for every header: a header drawn again leaves its icon alone.
const sortIcons = {
  asc: <ArrowUp aria-hidden className="size-3.5" />,
  desc: <ArrowDown aria-hidden className="size-3.5" />,
  none: <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />,
}

export type DataTableProps<Row> = {
  caption: string
  columns: ColumnDef<Row, unknown>[]
  /** The rows and what state they are in (`useListResult`). */
  result: ListResult<Row>
  page: number
  pageSize: number
  onPageChange: (page: number, pageSize: number) => void
  /** One server-side sort: column id and direction. */
  sort: TableSort | null
  onSortChange: (sort: TableSort) => void
  toolbar?: ReactNode
  rowKey: (row: Row) => string
  /** A first column numbering the rows across pages. */
  showIndex?: boolean
  /** Columns the user hid (`useColumnVisibility`): `{ id: false }`. */
  columnVisibility?: VisibilityState
  emptyText?: string
  /** A search or filter narrows the list: an empty page then says nothing matches, not nothing yet. */
  filtered?: boolean
  /** Pages by a cursor (previous, next, first) rather than by page number; memoise it. */
  cursor?: CursorPaging
  /** Marks rows that must stand out (an overdue complaint); memoise it. Say it in a cell too: a tint is not read out. */
  rowTone?: (row: Row) => 'danger' | undefined
}

const ALL_VISIBLE: VisibilityState = {}

/**
 * A User Timing measure of the table drawing new rows, from its render to their commit (React renders
 * and writes the DOM in between, nothing else): what bench/merchants-table.mjs reports beside the whole
 * page switch, and what DevTools' Performance panel shows under Timings. Only the latest is kept.
 */
const DRAW_MEASURE = 'data-table:draw'
const timing = typeof performance !== 'undefined' && typeof performance.measure === 'function' ? performance : null

type TableHeadProps<Row> = {
  headerGroups: HeaderGroup<Row>[]
  /** Compared, not read: the sort shown changed (the headers read it from the table). */
  sortKey: string
  /** Compared, not read: header functions draw words in the current language. */
  locale: string
  /** Set when the body draws only the rows in view: the header row is the table's first (ARIA). */
  rowIndex: 1 | undefined
}

/**
 * The header row. Memoised on TanStack Table's header groups (kept while the columns and their
 * visibility stay), the sort and the language: a new page or a loading state does not draw it again.
 */
function TableHeadView<Row>({ headerGroups, rowIndex }: TableHeadProps<Row>) {
  return (
    // On a phone the cards name each value themselves (table-body.tsx); the headers stay for screen readers.
    <thead role="rowgroup" className="bg-muted/60 max-md:sr-only">
      {headerGroups.map((group) => (
        <tr key={group.id} role="row" aria-rowindex={rowIndex}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted()
            const title = flexRender(header.column.columnDef.header, header.getContext())
            return (
              <th
                key={header.id}
                // Names the column for a prerendered frame's variants (src/prerender/pages.ts): a list of
                // one market hides the market column a platform frame draws.
                data-testid={`column-${header.id}`}
                scope="col"
                role="columnheader"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={cn(
                  'px-3 py-2.5 text-left font-medium whitespace-nowrap text-muted-foreground',
                  // Pinned like its cells (table-body.tsx), in the header row's own colour, made opaque.
                  header.column.columnDef.meta?.pinnedEnd &&
                    'md:sticky md:right-0 md:z-[1] md:bg-[color-mix(in_srgb,var(--muted)_60%,var(--card))] md:shadow-[inset_1px_0_0_var(--border)]',
                )}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    onClick={header.column.getToggleSortingHandler()}
                    className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {title}
                    {sortIcons[sorted || 'none']}
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
  )
}
const TableHead = memo(TableHeadView) as typeof TableHeadView

// Drawn again only when its page, total, size or words change.
const MemoPagination = memo(Pagination)

/**
 * The server sorts: a column that says `enableSorting: true` sorts whatever it draws. The table library
 * lets only a column with an accessor sort, so one that draws its cells itself (a category's word, a
 * day cut from a time) gets an accessor that reads nothing; sorting is manual, so nothing reads it.
 */
function sortableOnServer<Row>(column: ColumnDef<Row, unknown>): ColumnDef<Row, unknown> {
  if (column.enableSorting !== true || 'accessorFn' in column || 'accessorKey' in column) return column
  return { ...column, accessorFn: () => null } as ColumnDef<Row, unknown>
}

/**
 * The console's table: server-side paging and sorting (state lives in the URL, owned by the page),
 * with loading, empty, failed and stale states. An area supplies columns and a toolbar only.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { result, sort, page, pageSize } = props
  const sorting: SortingState = sort ? [sort] : []
  const columns = useMemo(
    () => (props.showIndex ? [indexColumn<Row>(), ...props.columns] : props.columns).map(sortableOnServer),
    [props.showIndex, props.columns],
  )
  const locale = useLocale()
  // A long page draws only the rows in view (table-body.tsx): the table then says how many rows it has.
  const rowCount = result.rows && drawsRowsInView(result.rows.length) ? result.rows.length + 1 : undefined
  const labels = useMemo(() => tableLabels(locale), [locale])
  // A new page is read from its top. Scrolled here, at the click, while the page's layout is current
  // (the router leaves the scroll alone: LIST_NAVIGATION, use-list-navigation.ts); after the new rows, it would lay it all out again.
  const { onPageChange } = props
  const turnPage = useCallback(
    (next: number, size: number) => {
      if (window.scrollY > 0) window.scrollTo({ top: 0 })
      onPageChange(next, size)
    },
    [onPageChange],
  )
  timing?.clearMarks(DRAW_MEASURE)
  timing?.mark(DRAW_MEASURE)
  useLayoutEffect(() => {
    timing?.clearMeasures(DRAW_MEASURE)
    timing?.measure(DRAW_MEASURE, DRAW_MEASURE)
  }, [result.rows])
  const tableElement = useRef<HTMLTableElement>(null)
  const root = useRef<HTMLDivElement>(null)
  // The last row went with focus in it: the search box is where the user goes on from an empty list.
  const focusSearch = useCallback(
    () => root.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus(),
    [],
  )
  const cards = useCardLayout()
  const table = useReactTable({
    data: result.rows ?? [],
    columns,
    state: { sorting, columnVisibility: props.columnVisibility ?? ALL_VISIBLE },
    meta: { firstIndex: (page - 1) * pageSize, rowTone: props.rowTone },
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

  const headerGroups = table.getHeaderGroups()
  useSteadyColumnWidths(tableElement, rowCount !== undefined && !cards, result.rows, headerGroups)

  return (
    <div ref={root} className="rounded-lg border border-border bg-card">
      {props.toolbar && (
        <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">{props.toolbar}</div>
      )}
      <StaleNote stale={result.stale} error={result.error} onRetry={result.retry} />
      <div className="overflow-x-auto">
        <table
          ref={tableElement}
          role="table"
          className="w-full border-collapse text-sm max-md:block"
          aria-busy={result.status === 'pending' || result.fetching ? true : undefined}
          aria-rowcount={rowCount}
        >
          <caption className="sr-only">{props.caption}</caption>
          <TableHead
            headerGroups={headerGroups}
            sortKey={sort ? `${sort.id} ${sort.desc}` : ''}
            locale={locale}
            rowIndex={rowCount === undefined ? undefined : 1}
          />
          <TableBody
            table={table}
            result={result}
            pageSize={pageSize}
            emptyText={props.emptyText ?? (props.filtered ? m.table_empty() : undefined)}
            whenNoRows={focusSearch}
          />
        </table>
      </div>
      <MemoPagination
        page={page}
        pageSize={pageSize}
        // Not known until the list's first answer (a failed first request has none either).
        total={result.rows === undefined ? undefined : result.total}
        totalCapped={result.totalCapped}
        pageSizes={PAGE_SIZES}
        onChange={turnPage}
        labels={labels}
        cursor={props.cursor}
      />
    </div>
  )
}
