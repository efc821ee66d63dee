import { MERCHANT_EXPORT_COLUMNS } from '../../contract/merchants'
import type { MerchantExportQuery, MerchantListItem } from '../../contract/merchants'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, type Locale, type MessageKey } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { exportMerchants } from './queries'

/** The merchant list as CSV in the caller's language: the list's filters, every matching row, streamed. */
export function merchantCsv(
  deps: Pick<ServerDeps, 'db'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: MerchantExportQuery,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const t = (key: MessageKey) => translate(locale, key)
  const cells = (row: MerchantListItem): CsvValue[] =>
    MERCHANT_EXPORT_COLUMNS.map((column) => {
      if (column === 'category') return t(`merchants_category_${row.category}`)
      if (column === 'status') return t(`merchants_status_${row.status}`)
      return row[column]
    })
  async function* batches() {
    for await (const rows of exportMerchants(deps, caller, query)) yield rows.map(cells)
  }
  return csvStream(
    MERCHANT_EXPORT_COLUMNS.map((column) => t(`merchants_col_${column}`)),
    batches(),
  )
}
