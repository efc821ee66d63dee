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

/** A merchant chosen as a filter, named as rows that name their merchant (a payment, a test, a complaint) do. */
export const chosenMerchantName = (
  rows: readonly { merchant?: { id: string; name: string } | null }[] | undefined,
  id: string,
) => chosenName(rows, (row) => (row.merchant?.id === id ? row.merchant.name : undefined), id)

/** A device chosen as a filter, by its code as rows that name their device do. */
export const chosenDeviceCode = (rows: readonly { device: { id: string; code: string } }[] | undefined, id: string) =>
  chosenName(rows, (row) => (row.device.id === id ? row.device.code : undefined), id)
