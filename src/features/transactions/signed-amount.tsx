import type { Transaction } from '@contract/transactions'
import { formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'

/** A refund's amount went back: shown with a minus, in the danger colour. */
export function SignedAmount({ row, locale }: { row: Pick<Transaction, 'kind' | 'amountFen'>; locale: Locale }) {
  return row.kind === 'refund' ? (
    <span className="text-danger">−{formatYuan(row.amountFen, locale)}</span>
  ) : (
    <span>{formatYuan(row.amountFen, locale)}</span>
  )
}
