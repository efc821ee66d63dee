import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Transaction, TransactionDetail } from '@contract/transactions'
import { formatShanghaiTime } from '@contract/time'
import { DEVICE_KIND_WORDS, PAYMENT_METHOD_WORDS, TRANSACTION_KIND_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { formatYuan } from '@/lib/format'
import { useLocale, type Locale } from '@/lib/locale'
import { wordFor } from '@/lib/words'
import { DetailState } from '@/components/detail-view/detail-state'
import { DetailView, type DetailSection } from '@/components/detail-view/detail-view'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { transactionPageQuery } from './queries'
import { SignedAmount } from './signed-amount'

/** A payment's or refund's page: where and when, how it was paid; a payment's refunds, a refund's payment. */
export function TransactionDetailPage({ id }: { id: string }) {
  // The router keeps route components: subscribing redraws the page's words after a language switch.
  const locale = useLocale()
  const read = useQuery(transactionPageQuery(id))
  return (
    <DetailState
      read={read}
      notFoundText={m.error_transaction_not_found()}
      back={
        <Button asChild variant="outline">
          <Link to="/transaction">{m.detail_back_to({ list: m.menu_transactions() })}</Link>
        </Button>
      }
    >
      {(transaction) => <TransactionDetailView transaction={transaction} locale={locale} />}
    </DetailState>
  )
}

const link = 'text-primary hover:underline'

/** A transaction named by its event id, linking to its page, with its time and amount. */
function TransactionLine({ row, locale }: { row: Transaction; locale: Locale }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <Link to="/transaction/$transactionId" params={{ transactionId: row.id }} className={`${link} font-mono`}>
        {row.eventId}
      </Link>
      <span className="text-muted-foreground tabular-nums">{formatShanghaiTime(row.at)}</span>
      <span className="tabular-nums">
        <SignedAmount row={row} locale={locale} />
      </span>
    </li>
  )
}

function TransactionDetailView({ transaction, locale }: { transaction: TransactionDetail; locale: Locale }): ReactNode {
  const kind = wordFor(TRANSACTION_KIND_WORDS, transaction.kind)
  const status = <Badge variant={transaction.kind === 'refund' ? 'danger' : 'muted'}>{kind}</Badge>
  const sections: DetailSection[] = [
    {
      id: 'transaction',
      title: kind,
      rows: [
        { label: m.transactions_col_amount(), value: <SignedAmount row={transaction} locale={locale} /> },
        { label: m.transactions_col_method(), value: wordFor(PAYMENT_METHOD_WORDS, transaction.method) },
        { label: m.transactions_col_time(), value: formatShanghaiTime(transaction.at) },
        { label: m.transactions_col_event_id(), value: <span className="font-mono">{transaction.eventId}</span> },
      ],
    },
    {
      id: 'place',
      title: m.transactions_col_device(),
      rows: [
        {
          label: m.transactions_col_market(),
          value: (
            <Link to="/market/$marketId" params={{ marketId: transaction.market.id }} className={link}>
              {transaction.market.name}
            </Link>
          ),
        },
        {
          label: m.transactions_col_merchant(),
          value: transaction.merchant && (
            <Link to="/merchant/$merchantId" params={{ merchantId: transaction.merchant.id }} className={link}>
              {transaction.merchant.name}
            </Link>
          ),
        },
        { label: m.transactions_col_stall(), value: transaction.stallNo },
        {
          label: m.transactions_col_device(),
          value: (
            <Link to="/device/$deviceId" params={{ deviceId: transaction.device.id }} className={`${link} font-mono`}>
              {transaction.device.code}
            </Link>
          ),
        },
        { label: m.devices_col_kind(), value: wordFor(DEVICE_KIND_WORDS, transaction.device.kind) },
      ],
    },
    transaction.kind === 'payment'
      ? {
          id: 'refunds',
          title: m.transactions_detail_refunds(),
          rows: [
            { label: m.transactions_detail_refunded(), value: formatYuan(transaction.refundedFen, locale) },
            { label: m.transactions_detail_refundable(), value: formatYuan(transaction.refundableFen, locale) },
          ],
          content:
            transaction.refunds.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.transactions_detail_no_refunds()}</p>
            ) : (
              <ul className="divide-y divide-border text-sm" data-testid="transaction-refunds">
                {transaction.refunds.map((refund) => (
                  <TransactionLine key={refund.id} row={refund} locale={locale} />
                ))}
              </ul>
            ),
        }
      : {
          id: 'payment',
          title: m.transactions_detail_payment(),
          content: transaction.payment ? (
            <ul className="text-sm" data-testid="transaction-payment">
              <TransactionLine row={transaction.payment} locale={locale} />
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{m.transactions_detail_payment_missing()}</p>
          ),
        },
  ]
  return (
    <DetailView
      testId="transaction-detail"
      title={`${kind} ${transaction.eventId}`}
      status={status}
      subtitle={formatYuan(transaction.amountFen, locale)}
      sections={sections}
    />
  )
}
