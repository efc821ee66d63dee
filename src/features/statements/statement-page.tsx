import { useCallback, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { dateRangeProblem } from '@contract/date-range'
import type { MarketStatement, PlatformStatement, PlatformStatementSort } from '@contract/statements'
import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
import { DataTable } from '@/components/data-table/data-table'
import type { TableSort } from '@/components/data-table/data-table'
import type { DayRange } from '@/components/data-table/date-range-filter'
import type { ListResult } from '@/components/async-state/use-list-result'
import { useColumns } from '@/components/data-table/use-columns'
import { Button } from '@/components/ui/button'
import {
  downloadStatement,
  FIRST_PLATFORM_PAGE,
  marketStatementQuery,
  platformStatementQuery,
  type StatementDays,
} from './queries'
import { figureColumns, StatementLayout, useStatementRows } from './statement-parts'

type MerchantRow = MarketStatement['merchants'][number]
type MarketRow = PlatformStatement['list'][number]

export type StatementPageProps = {
  /** The market in scope; null: every market's (OFFICIAL). */
  market: string | null
  days: StatementDays
  locale: Locale
  onDaysChange: (days: DayRange) => void
  /** Opens a market's statement from the platform's (the same days). */
  onOpenMarket: (marketId: string) => void
  /** Opens a merchant's own statement (the same days). */
  onOpenMerchant: (merchantId: string) => void
  /** Opens the print view of what is shown. */
  onPrint: () => void
}

const daysLine = ({ from, to }: { from: string; to: string }) => (from === to ? from : `${from} ~ ${to}`)

/**
 * Statement (issue 25 §2): a market's day or days, a row per merchant with payments, refunds and net
 * by method, and the market's totals (the Workplace's figures for the same days); for an OFFICIAL with
 * every market in scope, a row per market, each opening its market's statement.
 */
export function StatementPage(props: StatementPageProps) {
  return props.market === null ? <PlatformView {...props} /> : <MarketView {...props} market={props.market} />
}

function MarketView({
  market,
  days,
  locale,
  onDaysChange,
  onOpenMerchant,
  onPrint,
}: StatementPageProps & { market: string }) {
  const query = useQuery(marketStatementQuery(market, days))
  const table = useStatementRows(query, (data) => data.merchants, days, m.statements_empty())
  const columns = useColumns(
    useCallback(
      (current: Locale): ColumnDef<MerchantRow, unknown>[] => [
        {
          id: 'stallNo',
          header: m.statements_col_stall(),
          enableSorting: false,
          cell: ({ row }) => row.original.stallNo,
        },
        {
          id: 'merchant',
          header: m.statements_col_merchant(),
          enableSorting: false,
          cell: ({ row }) => {
            const { merchantId, merchantName } = row.original
            if (!merchantId) return <span className="text-muted-foreground">{m.statements_unassigned()}</span>
            return (
              <Button variant="link" className="h-auto p-0" onClick={() => onOpenMerchant(merchantId)}>
                {merchantName}
              </Button>
            )
          },
        },
        ...figureColumns<MerchantRow>(current, true),
      ],
      [onOpenMerchant],
    ),
  )
  const data = query.data
  return (
    <StatementLayout
      data-testid="statement-page"
      title={m.menu_statement_page()}
      of={data ? `${data.market.name} · ${daysLine(data)}` : undefined}
      shown={data}
      days={days}
      locale={locale}
      onDaysChange={onDaysChange}
      download={(format) => downloadStatement(market, days, format)}
      onPrint={onPrint}
    >
      <DataTable
        caption={m.menu_statement_page()}
        columns={columns}
        {...table}
        rowKey={(row) => row.merchantId ?? `stall:${row.stallNo}`}
        showIndex
      />
    </StatementLayout>
  )
}

/** The platform's markets, paged and sorted by the server (1,000 markets and more); the days reset the page. */
function usePlatformRows(days: StatementDays) {
  const [paging, setPaging] = useState({ ...FIRST_PLATFORM_PAGE, days })
  const current =
    paging.days.from === days.from && paging.days.to === days.to ? paging : { ...FIRST_PLATFORM_PAGE, days }
  const { days: _days, ...asked } = current
  const query = useQuery(platformStatementQuery(days, asked))
  // Days the API refuses: nothing is asked (the query is off) and the table says why it is empty.
  const refused = dateRangeProblem(days) !== null
  const result: ListResult<MarketRow> = {
    rows: refused ? [] : query.data?.list,
    total: refused ? 0 : (query.data?.total ?? 0),
    status: refused ? 'success' : query.status,
    stale: null,
    error: refused ? null : query.error,
    fetching: query.isFetching,
    retry: () => void query.refetch(),
  }
  const sort = current.sort === 'name' ? null : { id: current.sort, desc: current.order === 'desc' }
  return {
    query,
    table: {
      result,
      emptyText: refused ? m.table_date_refused_empty() : m.statements_platform_empty(),
      page: current.page,
      pageSize: current.pageSize,
      onPageChange: (page: number, pageSize: number) => setPaging({ ...current, page, pageSize }),
      sort,
      onSortChange: (next: TableSort) =>
        setPaging({
          ...current,
          page: 1,
          sort: next.id as PlatformStatementSort,
          order: next.desc ? 'desc' : 'asc',
        }),
    },
  }
}

function PlatformView({ days, locale, onDaysChange, onOpenMarket, onPrint }: StatementPageProps) {
  const { query, table } = usePlatformRows(days)
  const columns = useColumns(
    useCallback(
      (current: Locale): ColumnDef<MarketRow, unknown>[] => [
        {
          id: 'market',
          header: m.statements_col_market(),
          enableSorting: false,
          cell: ({ row }) => (
            <Button variant="link" className="h-auto p-0" onClick={() => onOpenMarket(row.original.marketId)}>
              {row.original.marketName}
            </Button>
          ),
        },
        ...figureColumns<MarketRow>(current, false),
      ],
      [onOpenMarket],
    ),
  )
  const data = query.data
  return (
    <StatementLayout
      data-testid="statement-page"
      title={m.menu_statement_page()}
      of={data ? `${m.statements_all_markets()} · ${daysLine(data)}` : undefined}
      shown={data}
      days={days}
      locale={locale}
      onDaysChange={onDaysChange}
      download={(format) => downloadStatement(null, days, format)}
      onPrint={onPrint}
    >
      <DataTable
        caption={m.menu_statement_page()}
        columns={columns}
        {...table}
        rowKey={(row) => row.marketId}
        showIndex
      />
    </StatementLayout>
  )
}
