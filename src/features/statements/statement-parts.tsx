import { useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { Printer } from 'lucide-react'
import { MAX_RANGE_DAYS, dateRangeProblem } from '@contract/date-range'
import type { MethodFigures, StatementFigures } from '@contract/statements'
import { PAYMENT_METHOD_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { formatCount, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { wordFor } from '@/lib/words'
import type { ListResult } from '@/components/async-state/use-list-result'
import { DateRangeFilter, type DayRange } from '@/components/data-table/date-range-filter'
import type { TableSort } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/data-table/export-button'
import { Button } from '@/components/ui/button'
import type { StatementDays, StatementFormat } from './queries'

/** What the statement pages share: the days, the files, the figures' columns, rows paged and sorted here. */

export type FigureRow = StatementFigures & { methods?: MethodFigures[] }

/** The days, both exports and the print view, above a statement. */
function StatementToolbar({
  days,
  shown,
  onDaysChange,
  download,
  onPrint,
}: {
  days: StatementDays
  /** The days of the statement shown (the answer's): what an end the URL leaves out stands for. */
  shown: { from: string; to: string } | undefined
  onDaysChange: (days: DayRange) => void
  download: (format: StatementFormat) => Promise<void>
  onPrint?: (() => void) | undefined
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="w-full space-y-1 sm:w-auto">
        <DateRangeFilter
          label={m.statements_days()}
          // No days in the URL is today (one day alone, that day): the boxes say which, as the
          // answer has them, rather than standing empty over a statement of a day.
          from={days.from ?? shown?.from}
          to={days.to ?? shown?.to}
          maxDays={MAX_RANGE_DAYS}
          onChange={onDaysChange}
        />
        <p className="text-xs text-muted-foreground">{m.statements_range_hint()}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ExportButton
          label={m.statements_export_csv()}
          data-testid="statement-export-csv"
          download={() => download('csv')}
        />
        <ExportButton
          label={m.statements_export_xlsx()}
          data-testid="statement-export-xlsx"
          download={() => download('xlsx')}
        />
        {onPrint && (
          <Button variant="outline" onClick={onPrint} data-testid="statement-print">
            <Printer aria-hidden className="size-4" />
            {m.statements_print()}
          </Button>
        )}
      </div>
    </div>
  )
}

/** The totals as figures: payments, refunds, net, and the net of each method that traded. */
function StatementTotals({ totals, locale }: { totals: FigureRow; locale: Locale }) {
  // data-value: the unformatted figure, for tests and tools.
  const figure = (label: string, value: string, testId: string, raw: number) => (
    <div className="rounded-md border border-border bg-card p-3" data-value={raw} data-testid={`${testId}-figure`}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  )
  return (
    <section aria-label={m.statements_totals()} className="space-y-2" data-testid="statement-totals">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
        {figure(m.statements_col_payments(), formatCount(totals.payments, locale), 'total-payments', totals.payments)}
        {figure(
          m.statements_col_payment_amount(),
          formatYuan(totals.paymentFen, locale),
          'total-payment-fen',
          totals.paymentFen,
        )}
        {figure(m.statements_col_refunds(), formatCount(totals.refunds, locale), 'total-refunds', totals.refunds)}
        {figure(
          m.statements_col_refund_amount(),
          formatYuan(totals.refundFen, locale),
          'total-refund-fen',
          totals.refundFen,
        )}
        {figure(m.statements_col_net(), formatYuan(totals.netFen, locale), 'total-net-fen', totals.netFen)}
      </div>
      {totals.methods && totals.methods.length > 0 && <MethodSplit methods={totals.methods} locale={locale} />}
    </section>
  )
}

/** Each method's net, in a line: what each payment channel will settle. */
export function MethodSplit({ methods, locale }: { methods: MethodFigures[]; locale: Locale }) {
  if (methods.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-0.5 text-sm">
      {methods.map((split) => (
        <span key={split.method} className="whitespace-nowrap">
          <span className="text-muted-foreground">{wordFor(PAYMENT_METHOD_WORDS, split.method)}</span>{' '}
          <span className="tabular-nums">{formatYuan(split.netFen, locale)}</span>
        </span>
      ))}
    </span>
  )
}

type SortableKey = 'payments' | 'paymentFen' | 'refunds' | 'refundFen' | 'netFen'

/** The figure columns every statement table has; sortable (in the browser: the statement is whole). */
export function figureColumns<Row extends FigureRow>(locale: Locale, withMethods: boolean): ColumnDef<Row, unknown>[] {
  const money = (id: SortableKey, header: string): ColumnDef<Row, unknown> => ({
    id,
    header,
    enableSorting: true,
    meta: { className: 'tabular-nums text-right' },
    cell: ({ row }) => formatYuan(row.original[id], locale),
  })
  const count = (id: SortableKey, header: string): ColumnDef<Row, unknown> => ({
    id,
    header,
    enableSorting: true,
    meta: { className: 'tabular-nums text-right' },
    cell: ({ row }) => formatCount(row.original[id], locale),
  })
  const columns = [
    count('payments', m.statements_col_payments()),
    money('paymentFen', m.statements_col_payment_amount()),
    count('refunds', m.statements_col_refunds()),
    money('refundFen', m.statements_col_refund_amount()),
    money('netFen', m.statements_col_net()),
  ]
  if (!withMethods) return columns
  return [
    ...columns,
    {
      id: 'methods',
      header: m.statements_col_methods(),
      enableSorting: false,
      cell: ({ row }) => <MethodSplit methods={row.original.methods ?? []} locale={locale} />,
    },
  ]
}

const PAGE_SIZE = 50

/**
 * A statement's rows as a table shows them: sorted and paged here (the answer holds them all, a row
 * per merchant, market or day), with the query's state. Days the API refuses are not asked for (the
 * queries): no rows then, and an empty text that points at the days (which say what is wrong).
 */
export function useStatementRows<Data, Row extends FigureRow>(
  query: UseQueryResult<Data>,
  rowsOf: (data: Data) => Row[],
  days: StatementDays,
  emptyText: string,
) {
  const refused = dateRangeProblem(days) !== null
  const [sort, setSort] = useState<TableSort | null>(null)
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE })
  const all = query.data ? rowsOf(query.data) : undefined
  const sorted =
    all && sort && sort.id in (all[0] ?? {})
      ? [...all].sort((a, b) => {
          const key = sort.id as SortableKey
          return (a[key] - b[key]) * (sort.desc ? -1 : 1)
        })
      : all
  const pages = Math.max(1, Math.ceil((sorted?.length ?? 0) / paging.pageSize))
  const page = Math.min(paging.page, pages)
  const result: ListResult<Row> = {
    rows: refused ? [] : sorted?.slice((page - 1) * paging.pageSize, page * paging.pageSize),
    total: refused ? 0 : (sorted?.length ?? 0),
    status: refused ? 'success' : query.status,
    stale: null,
    error: refused ? null : query.error,
    fetching: query.isFetching,
    retry: () => void query.refetch(),
  }
  return {
    result,
    emptyText: refused ? m.table_date_refused_empty() : emptyText,
    page,
    pageSize: paging.pageSize,
    onPageChange: (next: number, pageSize: number) => setPaging({ page: next, pageSize }),
    sort,
    onSortChange: (next: TableSort) => {
      setSort(next)
      setPaging((current) => ({ ...current, page: 1 }))
    },
  }
}

/** A statement's heading: its title, what it is of, and its days. */
function StatementHeading({ title, of, children }: { title: string; of?: string | undefined; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold">{title}</h1>
        {of && <p className="text-sm text-muted-foreground">{of}</p>}
      </div>
      {children}
    </header>
  )
}

/**
 * What every statement page shows around its table: the heading (what it is of), the days with the
 * exports and the print view, and the totals of the statement shown.
 */
export function StatementLayout({
  title,
  of,
  shown,
  days,
  locale,
  onDaysChange,
  download,
  onPrint,
  children,
  ...rest
}: {
  title: string
  of: string | undefined
  /** The answer shown: its days and totals (none while it loads, or for refused days). */
  shown: { from: string; to: string; totals: FigureRow } | undefined
  days: StatementDays
  locale: Locale
  onDaysChange: (days: DayRange) => void
  download: (format: StatementFormat) => Promise<void>
  onPrint?: (() => void) | undefined
  children: ReactNode
  'data-testid': string
}) {
  return (
    <section className="space-y-4" data-testid={rest['data-testid']}>
      <StatementHeading title={title} of={of} />
      <StatementToolbar days={days} shown={shown} onDaysChange={onDaysChange} download={download} onPrint={onPrint} />
      {shown && <StatementTotals totals={shown.totals} locale={locale} />}
      {children}
    </section>
  )
}
