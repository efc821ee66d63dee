import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import type { MerchantStatement } from '@contract/statements'
import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
import { AsyncState } from '@/components/async-state/async-state'
import { DataTable } from '@/components/data-table/data-table'
import type { DayRange } from '@/components/data-table/date-range-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { downloadMerchantStatement, merchantStatementQuery, type StatementDays } from './queries'
import { figureColumns, StatementLayout, useStatementRows } from './statement-parts'

type DayRow = MerchantStatement['days'][number]

type MerchantStatementPageProps = {
  merchantId: string
  days: StatementDays
  locale: Locale
  onDaysChange: (days: DayRange) => void
}

/** A merchant's own statement (issue 25 §2): a row per day of the range, by method, and the totals. */
export function MerchantStatementPage({ merchantId, days, locale, onDaysChange }: MerchantStatementPageProps) {
  const query = useQuery(merchantStatementQuery(merchantId, days))
  const table = useStatementRows(query, (data) => data.days, days, m.statements_empty())
  const columns = useColumns(
    useCallback(
      (current: Locale): ColumnDef<DayRow, unknown>[] => [
        {
          id: 'day',
          header: m.statements_col_day(),
          enableSorting: false,
          meta: { className: 'tabular-nums' },
          cell: ({ row }) => row.original.day,
        },
        ...figureColumns<DayRow>(current, true),
      ],
      [],
    ),
  )
  const data = query.data
  // A merchant not found (another market's, or gone) says so where the statement would be.
  if (query.status === 'error' && !data)
    return <AsyncState state="error" error={query.error} onRetry={() => void query.refetch()} />
  return (
    <StatementLayout
      data-testid="merchant-statement-page"
      title={m.menu_merchant_statement()}
      of={data ? `${data.merchant.marketName} · ${data.merchant.stallNo} · ${data.merchant.name}` : undefined}
      shown={data}
      days={days}
      locale={locale}
      onDaysChange={onDaysChange}
      download={(format) => downloadMerchantStatement(merchantId, days, format)}
    >
      <DataTable caption={m.menu_merchant_statement()} columns={columns} {...table} rowKey={(row) => row.day} />
    </StatementLayout>
  )
}
