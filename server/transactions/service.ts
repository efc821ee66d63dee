import type { Transaction } from '../../contract/transactions'
import type { TransactionExportQuery } from '../../contract/transactions-list'
import { formatShanghaiTime } from '../../contract/time'
import { PAYMENT_METHOD_WORDS, TRANSACTION_KIND_WORDS } from '../../contract/words'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, translateWord, type Locale } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { exportTransactions } from './queries'

/** The CSV's columns, in order (their headers are `transactions_col_<column>`). */
const COLUMNS = [
  'time',
  'event_id',
  'kind',
  'method',
  'amount',
  'market',
  'merchant',
  'stall',
  'device',
  'payment_event_id',
] as const

/** Yuan from integer fen, exactly (no floating point): 12345 -> "123.45", a refund shown as it is stored. */
const yuanText = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/** The filtered transactions as CSV in the caller's language, in the list's order, streamed from the replica. */
export function transactionsCsv(
  deps: Pick<ServerDeps, 'reads' | 'clock'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: TransactionExportQuery,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const cells = (row: Transaction): CsvValue[] => [
    formatShanghaiTime(row.at),
    row.eventId,
    translateWord(locale, TRANSACTION_KIND_WORDS[row.kind]),
    translateWord(locale, PAYMENT_METHOD_WORDS[row.method]),
    yuanText(row.amountFen),
    row.market.name,
    row.merchant?.name ?? '',
    row.stallNo,
    row.device.code,
    row.paymentEventId ?? '',
  ]
  async function* batches() {
    // An export may lag a second or two: it reads the replica when one is up (server/db/read-routing.ts).
    for await (const rows of exportTransactions({ db: deps.reads.db(), clock: deps.clock }, caller, query))
      yield rows.map(cells)
  }
  return csvStream(
    COLUMNS.map((column) => translate(locale, `transactions_col_${column}`)),
    batches(),
  )
}
