import { useQuery } from '@tanstack/react-query'
import { Printer } from 'lucide-react'
import { MAX_RANGE_DAYS, dateRangeProblem } from '@contract/date-range'
import { formatShanghaiTime } from '@contract/time'
import { m } from '@/paraglide/messages'
import { formatCount, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { AsyncState } from '@/components/async-state/async-state'
import { Button } from '@/components/ui/button'
import { marketStatementQuery, platformStatementWholeQuery, type StatementDays } from './queries'
import { MethodSplit, type FigureRow } from './statement-parts'

/**
 * The statement as a sheet of paper (A4): the market's name (or "All markets"), the days, a row per
 * merchant (or market), the totals and a line to sign. On paper only the sheet prints: the console
 * around it is hidden by the print rules below.
 */

const PRINT_RULES = `
@page { size: A4; margin: 12mm; }
@media print {
  body * { visibility: hidden; }
  .statement-sheet, .statement-sheet * { visibility: visible; }
  .statement-sheet { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  .statement-sheet .no-print { display: none; }
  .statement-sheet table { font-size: 9pt; }
  .statement-sheet th, .statement-sheet td { border-color: #000; }
  .statement-sheet .overflow-x-auto { overflow: visible; }
  .statement-sheet tr { break-inside: avoid; }
}`

type Line = FigureRow & { key: string; cells: string[] }

type StatementPrintProps = { market: string | null; days: StatementDays; locale: Locale; now: Date }

export function StatementPrint({ market, days, locale, now }: StatementPrintProps) {
  const problem = dateRangeProblem(days)
  const marketQuery = useQuery({ ...marketStatementQuery(market ?? '', days), enabled: market !== null && !problem })
  const platformQuery = useQuery({ ...platformStatementWholeQuery(days), enabled: market === null && !problem })
  const query = market === null ? platformQuery : marketQuery
  // Days the API refuses (a link, an edit): said once, and nothing asked.
  if (problem)
    return (
      <p role="alert" className="p-6 text-sm text-danger">
        {problem === 'order' ? m.validation_date_order() : m.table_date_too_long({ days: MAX_RANGE_DAYS })}
      </p>
    )
  if (query.status === 'pending') return <AsyncState state="loading" />
  if (query.status === 'error')
    return <AsyncState state="error" error={query.error} onRetry={() => void query.refetch()} />
  const sheet =
    market === null
      ? {
          title: m.statements_all_markets(),
          from: platformQuery.data!.from,
          to: platformQuery.data!.to,
          head: [m.statements_col_market()],
          lines: platformQuery.data!.markets.map((row): Line => ({
            ...row,
            key: row.marketId,
            cells: [row.marketName],
          })),
          totals: platformQuery.data!.totals as FigureRow,
        }
      : {
          title: marketQuery.data!.market.name,
          from: marketQuery.data!.from,
          to: marketQuery.data!.to,
          head: [m.statements_col_stall(), m.statements_col_merchant()],
          lines: marketQuery.data!.merchants.map((row): Line => ({
            ...row,
            key: row.merchantId ?? `stall:${row.stallNo}`,
            cells: [row.stallNo, row.merchantName || m.statements_unassigned()],
          })),
          totals: marketQuery.data!.totals as FigureRow,
        }
  const withMethods = market !== null
  const figures = (row: FigureRow) => [
    formatCount(row.payments, locale),
    formatYuan(row.paymentFen, locale),
    formatCount(row.refunds, locale),
    formatYuan(row.refundFen, locale),
    formatYuan(row.netFen, locale),
  ]
  return (
    <article
      className="statement-sheet mx-auto max-w-[210mm] space-y-4 bg-background p-6"
      data-testid="statement-print"
    >
      <style>{PRINT_RULES}</style>
      <div className="no-print flex justify-end">
        <Button onClick={() => window.print()} data-testid="statement-print-now">
          <Printer aria-hidden className="size-4" />
          {m.statements_print()}
        </Button>
      </div>
      <header className="space-y-1 text-center">
        <h1 className="text-xl font-semibold" data-testid="statement-print-title">
          {sheet.title} · {m.menu_statement_page()}
        </h1>
        <p className="tabular-nums" data-testid="statement-print-days">
          {sheet.from === sheet.to ? sheet.from : `${sheet.from} ~ ${sheet.to}`}
        </p>
      </header>
      {/* On a phone the sheet's table scrolls within it rather than the page sideways. */}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1">
          <thead>
            <tr>
              {[
                ...sheet.head,
                m.statements_col_payments(),
                m.statements_col_payment_amount(),
                m.statements_col_refunds(),
                m.statements_col_refund_amount(),
                m.statements_col_net(),
                ...(withMethods ? [m.statements_col_methods()] : []),
              ].map((name) => (
                <th key={name} scope="col" className="text-left font-medium">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.lines.map((line) => (
              <tr key={line.key}>
                {[...line.cells, ...figures(line)].map((cell, i) => (
                  <td key={i} className={i >= line.cells.length ? 'text-right tabular-nums' : 'whitespace-nowrap'}>
                    {cell}
                  </td>
                ))}
                {withMethods && (
                  <td>
                    <MethodSplit methods={line.methods ?? []} locale={locale} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold" data-testid="statement-print-totals">
              <th scope="row" colSpan={sheet.head.length} className="text-left">
                {m.statements_total()}
              </th>
              {figures(sheet.totals).map((cell, i) => (
                <td key={i} className="text-right tabular-nums">
                  {cell}
                </td>
              ))}
              {withMethods && (
                <td>
                  <MethodSplit methods={sheet.totals.methods ?? []} locale={locale} />
                </td>
              )}
            </tr>
          </tfoot>
        </table>
      </div>
      <footer className="flex flex-wrap justify-between gap-4 pt-8 text-sm">
        <span data-testid="statement-print-signature">{m.statements_signature()}</span>
        <span className="text-muted-foreground">{m.statements_printed_at({ time: formatShanghaiTime(now) })}</span>
      </footer>
    </article>
  )
}
