import { COMPLAINT_EXPORT_COLUMNS, type ComplaintListItem } from '../../contract/complaints'
import type { ComplaintListQuery } from '../../contract/complaint-list'
import {
  COMPLAINT_CATEGORY_WORDS,
  COMPLAINT_CHANNEL_WORDS,
  COMPLAINT_OUTCOME_WORDS,
  COMPLAINT_STATE_WORDS,
} from '../../contract/words'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, translateWord, type Locale } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { exportComplaints } from './queries'

/** The filtered complaints as CSV in the caller's language, the complainant masked as in the list. */
export function complaintsCsv(
  deps: Pick<ServerDeps, 'reads' | 'clock'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: Omit<ComplaintListQuery, 'page' | 'pageSize'>,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const cell: { [Column in (typeof COMPLAINT_EXPORT_COLUMNS)[number]]: (row: ComplaintListItem) => CsvValue } = {
    no: (row) => row.no,
    marketName: (row) => row.marketName,
    receivedTime: (row) => row.receivedTime,
    channel: (row) => translateWord(locale, COMPLAINT_CHANNEL_WORDS[row.channel]),
    category: (row) => translateWord(locale, COMPLAINT_CATEGORY_WORDS[row.category]),
    stallNo: (row) => row.stallNo,
    merchant: (row) => row.merchant?.name ?? '',
    description: (row) => row.description,
    complainantName: (row) => row.complainantName,
    complainantContact: (row) => row.complainantContact,
    state: (row) => translateWord(locale, COMPLAINT_STATE_WORDS[row.state]),
    overdue: (row) => (row.overdue ? translate(locale, 'complaints_overdue') : ''),
    outcome: (row) => (row.outcome ? translateWord(locale, COMPLAINT_OUTCOME_WORDS[row.outcome]) : ''),
    dueTime: (row) => row.dueTime,
    closedTime: (row) => row.closedTime ?? '',
  }
  async function* batches() {
    for await (const rows of exportComplaints({ db: deps.reads.db(), clock: deps.clock }, caller, query))
      yield rows.map((row) => COMPLAINT_EXPORT_COLUMNS.map((column) => cell[column](row)))
  }
  return csvStream(
    COMPLAINT_EXPORT_COLUMNS.map((column) => translate(locale, `complaints_col_${column}`)),
    batches(),
  )
}
