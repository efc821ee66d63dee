import type { ColumnDef } from '@tanstack/react-table'

/**
 * A list of several markets' rows names each row's market, second after the row's first column; a
 * list of one market does not. `name` reads the row's market (a dash when it has none).
 */
export function withMarketColumn<Row>(
  columns: ColumnDef<Row, unknown>[],
  allMarkets: boolean,
  header: string,
  name: (row: Row) => string | undefined,
): ColumnDef<Row, unknown>[] {
  if (!allMarkets || columns.length === 0) return columns
  const market: ColumnDef<Row, unknown> = {
    id: 'market',
    header,
    enableSorting: false,
    cell: ({ row }) => name(row.original) ?? '—',
  }
  return [columns[0]!, market, ...columns.slice(1)]
}

/**
 * A record chosen as a filter by its id (a merchant, a device), named as a row on the page names it;
 * the id's start until one does (the chip still says which).
 */
export const chosenName = <Row>(
  rows: readonly Row[] | undefined,
  nameOf: (row: Row) => string | undefined,
  id: string,
) => rows?.map(nameOf).find((name) => name !== undefined) ?? `${id.slice(0, 8)}…`
