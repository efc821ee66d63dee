import { useMemo, type ReactNode } from 'react'
import { ColumnVisibility, hideableColumns } from './column-visibility'
import { DataTable, type DataTableProps } from './data-table'
import { ListHeader } from './list-header'
import { useColumnVisibility } from './use-column-visibility'

type Paging = Pick<DataTableProps<unknown>, 'page' | 'pageSize' | 'onPageChange'>
type Sorting = Pick<DataTableProps<unknown>, 'sort' | 'onSortChange'>

type ListPageProps<Row> = Omit<
  DataTableProps<Row>,
  'caption' | 'toolbar' | 'columnVisibility' | keyof Paging | keyof Sorting
> & {
  /** The page's heading, and the table's caption. */
  title: string
  /** The market in scope, named under the title; left out by a list not scoped to markets. */
  market?: string | null
  /** The heading's buttons (export, register). */
  actions?: ReactNode
  /** A line between the heading and the table (a notice the page arrived with). */
  notice?: ReactNode
  /** The page and sort from `useListSearch`. */
  list: { paging: Paging; sorting: Sorting }
  /** Names the list where this browser keeps its hidden columns (`useColumnVisibility`). */
  columnsKey: string
  /** The toolbar's search, filters and chips; the columns' button follows them. Memoise it to keep the toolbar put. */
  filters: ReactNode
  /** Under the table (a note, a dialog). */
  children?: ReactNode
}

/**
 * A list page's frame: its heading, then the table bound to the list's page and sort, with the
 * columns the user hid and the toolbar's button choosing them. The page supplies the words, columns,
 * rows and filters; the rest of the table's props pass through.
 */
export function ListPage<Row>({
  title,
  market,
  actions,
  notice,
  list,
  columnsKey,
  filters,
  children,
  ...table
}: ListPageProps<Row>) {
  const { visibility, setVisible } = useColumnVisibility(columnsKey)
  const { columns } = table
  // Made again only when what they show changes, not for every page or loading state of the list.
  const header = useMemo(
    () => (
      <ListHeader title={title} market={market}>
        {actions}
      </ListHeader>
    ),
    [title, market, actions],
  )
  const toolbar = useMemo(
    () => (
      <>
        {filters}
        <ColumnVisibility columns={hideableColumns(columns)} visibility={visibility} onChange={setVisible} />
      </>
    ),
    [filters, columns, visibility, setVisible],
  )
  return (
    <section className="space-y-4">
      {header}
      {notice}
      <DataTable
        {...table}
        caption={title}
        {...list.paging}
        {...list.sorting}
        columnVisibility={visibility}
        toolbar={toolbar}
      />
      {children}
    </section>
  )
}
