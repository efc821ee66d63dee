import { MERCHANT_EXPORT_COLUMNS } from '../../contract/merchants'
import type { MerchantExportQuery, MerchantListItem } from '../../contract/merchants'
import { BUSINESS_CATEGORY_WORDS, LICENCE_STATE_WORDS, MERCHANT_STATUS_WORDS } from '../../contract/words'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, translateWord, type Locale, type MessageKey } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { exportMerchants } from './queries'

/** The merchant list as CSV in the caller's language: the list's filters, every matching row, streamed. */
export function merchantCsv(
  deps: Pick<ServerDeps, 'reads'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: MerchantExportQuery,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const t = (key: MessageKey) => translate(locale, key)
  const cells = (row: MerchantListItem): CsvValue[] =>
    MERCHANT_EXPORT_COLUMNS.map((column) => {
      if (column === 'category') return translateWord(locale, BUSINESS_CATEGORY_WORDS[row.category])
      if (column === 'status') return translateWord(locale, MERCHANT_STATUS_WORDS[row.status])
      if (column === 'licenceState') return translateWord(locale, LICENCE_STATE_WORDS[row.licenceState])
      return row[column]
    })
  async function* batches() {
    // An export may lag a second or two: it reads the replica when one is up (server/db/read-routing.ts).
    for await (const rows of exportMerchants({ db: deps.reads.db() }, caller, query)) yield rows.map(cells)
  }
  return csvStream(
    MERCHANT_EXPORT_COLUMNS.map((column) => t(`merchants_col_${column}`)),
    batches(),
  )
}
