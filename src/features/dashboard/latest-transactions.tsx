import { useQuery } from '@tanstack/react-query'
import { itemKey } from '@contract/live'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { PageLink } from '@/components/page-link'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { methodLabel } from './labels'
import { transactionsQuery, type LatestTransactions } from './queries'
import { Widget, type WidgetPlacement } from './widget'

function ListSkeleton() {
  return (
    <div className="space-y-2">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-6" />
      ))}
    </div>
  )
}

const cell = 'px-2 py-1.5 first:pl-0 last:pr-0'

/** `allMarkets`: every market's rows together, so each names its market (stall numbers repeat). */
function TransactionTable({
  rows,
  allMarkets,
  locale,
}: {
  rows: LatestTransactions
  allMarkets: boolean
  locale: Locale
}) {
  return (
    // Scrolls inside the card; focusable so a keyboard can scroll it too.
    <div
      className="-mx-1 max-h-[22rem] overflow-auto px-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      tabIndex={0}
      role="region"
      aria-label={m.dashboard_transactions_title()}
    >
      <table className="w-full text-sm" data-testid="transactions-table">
        <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              {m.dashboard_time()}
            </th>
            {allMarkets && (
              <th scope="col" className={cell}>
                {m.dashboard_market()}
              </th>
            )}
            <th scope="col" className={cell}>
              {m.dashboard_stall()}
            </th>
            <th scope="col" className={`${cell} hidden @md:table-cell`}>
              {m.dashboard_merchant()}
            </th>
            <th scope="col" className={cell}>
              {m.dashboard_method()}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {m.dashboard_amount()}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={itemKey(row)} className="border-t border-border" data-type={row.type}>
              <td className={`${cell} text-muted-foreground tabular-nums`}>
                {/* The payment's page, where the list knows it (a row announced live has no id yet). */}
                {row.transactionId ? (
                  <PageLink
                    link={{ to: '/transaction/$transactionId', params: { transactionId: row.transactionId } }}
                    title={row.time}
                    aria-label={m.transactions_detail_open({ event: row.id })}
                    className="text-primary hover:underline"
                    data-testid="transaction-link"
                  >
                    {row.time.slice(11)}
                  </PageLink>
                ) : (
                  <span title={row.time}>{row.time.slice(11)}</span>
                )}
              </td>
              {allMarkets && (
                <td className={`${cell} max-w-28 truncate`} title={row.marketName}>
                  {row.marketName}
                </td>
              )}
              <td className={`${cell} whitespace-nowrap`}>{row.stallNo}</td>
              <td className={`${cell} hidden max-w-40 truncate @md:table-cell`}>{row.merchantName ?? '—'}</td>
              <td className={`${cell} whitespace-nowrap`}>{methodLabel(row.method)}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                {row.type === 'refund' && (
                  <Badge variant="muted" className="mr-1.5">
                    {m.dashboard_refund()}
                  </Badge>
                )}
                {formatYuan(row.type === 'refund' ? -row.amountFen : row.amountFen, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** SPEC §1's live trading statistics: the latest payments and refunds, newest first, as they arrive. */
export function LatestTransactionsWidget({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(transactionsQuery(market))
  return (
    <Widget
      title={m.dashboard_transactions_title()}
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText={m.dashboard_empty_transactions()}
      skeleton={<ListSkeleton />}
      data-testid="widget-transactions"
      className={cn('@container', className)}
    >
      {(rows) => <TransactionTable rows={rows} allMarkets={market === null} locale={locale} />}
    </Widget>
  )
}
