import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { MAX_RANGE_DAYS, dateRangeProblem } from '@contract/date-range'
import { PAYMENT_METHODS } from '@contract/device-api'
import type { Transaction } from '@contract/transactions'
import { TRANSACTION_KINDS } from '@contract/transactions-list'
import { formatShanghaiTime, shanghaiToday } from '@contract/time'
import { PAYMENT_METHOD_WORDS, TRANSACTION_KIND_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { useLocale, type Locale } from '@/lib/locale'
import { wordFor, wordOptions } from '@/lib/words'
import { useListResult, type ListResult } from '@/components/async-state/use-list-result'
import { DateRangeFilter, type DayRange } from '@/components/data-table/date-range-filter'
import { ExportButton } from '@/components/data-table/export-button'
import { FilterChips } from '@/components/data-table/filter-chips'
import { ListPage } from '@/components/data-table/list-page'
import { DeviceCell, MerchantCell } from '@/components/data-table/narrowable-cells'
import type { CursorPaging } from '@/components/data-table/pagination'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { chosenDeviceCode, chosenMerchantName, withMarketColumn } from '@/components/data-table/market-column'
import { Badge } from '@/components/ui/badge'
import { AmountRangeFilter } from './amount-range-filter'
import { JumpToTime } from './jump-to-time'
import { SignedAmount } from './signed-amount'
import { PageLink } from '@/components/page-link'
import {
  exportTransactions,
  transactionListQuery,
  type TransactionListParams,
  type TransactionListSearch,
} from './queries'

type TransactionListPageProps = {
  search: TransactionListSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  onSearchChange: (next: Partial<TransactionListSearch>) => void
}

/** Narrowing the list to one merchant or device, from a row. */
type RowFilters = { byMerchant: (id: string) => void; byDevice: (id: string) => void }

const link = 'text-primary hover:underline'

function transactionColumns(
  allMarkets: boolean,
  locale: Locale,
  filters: RowFilters,
): ColumnDef<Transaction, unknown>[] {
  const columns: ColumnDef<Transaction, unknown>[] = [
    {
      id: 'time',
      header: m.transactions_col_time(),
      enableSorting: true,
      enableHiding: false,
      meta: { className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => formatShanghaiTime(row.original.at),
    },
    {
      id: 'eventId',
      header: m.transactions_col_event_id(),
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <PageLink
          link={{ to: '/transaction/$transactionId', params: { transactionId: row.original.id } }}
          className={`${link} font-mono`}
          aria-label={m.transactions_detail_open({ event: row.original.eventId })}
        >
          {row.original.eventId}
        </PageLink>
      ),
    },
    {
      id: 'kind',
      header: m.transactions_col_kind(),
      enableSorting: false,
      cell: ({ row }) => (
        <Badge variant={row.original.kind === 'refund' ? 'danger' : 'muted'}>
          {wordFor(TRANSACTION_KIND_WORDS, row.original.kind)}
        </Badge>
      ),
    },
    {
      id: 'method',
      header: m.transactions_col_method(),
      enableSorting: false,
      cell: ({ row }) => wordFor(PAYMENT_METHOD_WORDS, row.original.method),
    },
    {
      id: 'amount',
      header: m.transactions_col_amount(),
      enableSorting: true,
      enableHiding: false,
      meta: { className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => <SignedAmount row={row.original} locale={locale} />,
    },
    {
      id: 'merchant',
      header: m.transactions_col_merchant(),
      enableSorting: false,
      cell: ({ row }) => (
        <MerchantCell
          merchant={row.original.merchant}
          narrowLabel={(name) => m.transactions_filter_merchant({ name })}
          onNarrow={filters.byMerchant}
        />
      ),
    },
    {
      id: 'stall',
      header: m.transactions_col_stall(),
      enableSorting: false,
      cell: ({ row }) => row.original.stallNo,
    },
    {
      id: 'device',
      header: m.transactions_col_device(),
      enableSorting: false,
      cell: ({ row }) => (
        <DeviceCell
          device={row.original.device}
          narrowLabel={(code) => m.transactions_filter_device({ code })}
          onNarrow={filters.byDevice}
        />
      ),
    },
  ]
  return withMarketColumn(columns, allMarkets, m.transactions_col_market(), (row) => row.market.name)
}

/** What the table shows for days the API would refuse: no rows (the days' filter says why). */
const NOTHING_ASKED: Omit<ListResult<Transaction>, 'retry'> = {
  rows: [],
  total: 0,
  status: 'success',
  stale: null,
  error: null,
  fetching: false,
}

/** A change of anything but the position starts again from the first page. */
const NO_POSITION = { after: undefined, before: undefined, at: undefined } as const

/**
 * Transactions (issue 25 §1): every payment and refund in scope, newest first, paged by a cursor. An
 * OFFICIAL sees every market's (or the switcher's market), a MARKET operator only their own market's,
 * whatever the URL says (the server holds them to it). Filters: days (today by default, at most 31),
 * the event id (search), method, kind, amount range, and a merchant or device chosen from a row.
 */
export function TransactionListPage({ search, market, onSearchChange }: TransactionListPageProps) {
  const locale = useLocale()
  // Every change but a page turn goes back to the first page: the cursor belongs to the old filters.
  const changeFilters = useCallback(
    (next: Partial<TransactionListSearch>) =>
      onSearchChange('after' in next || 'before' in next || 'at' in next ? next : { ...NO_POSITION, ...next }),
    [onSearchChange],
  )
  const list = useListSearch(search, changeFilters)
  const params: TransactionListParams = { ...search, market }
  const query = useQuery(transactionListQuery(params))
  const listed = useListResult(query)
  const refused = dateRangeProblem(search) !== null
  const result = refused ? { ...NOTHING_ASKED, retry: listed.retry } : listed
  const allMarkets = market === null
  const { setFilter } = list
  const columns = useColumns(
    useCallback(
      () =>
        transactionColumns(allMarkets, locale, {
          byMerchant: (id) => setFilter('merchant', id),
          byDevice: (id) => setFilter('device', id),
        }),
      [allMarkets, locale, setFilter],
    ),
  )
  const setDays = useCallback(({ from, to }: DayRange) => changeFilters({ from, to }), [changeFilters])
  // The cursors of the answer shown, once it is the current one (an earlier page's would turn from there).
  const answer = query.isPlaceholderData ? undefined : query.data
  const next = answer?.next ?? null
  const previous = answer?.previous ?? null
  const cursor = useMemo<CursorPaging>(
    () => ({
      hasPrevious: previous !== null,
      hasNext: next !== null,
      onPrevious: () => onSearchChange({ ...NO_POSITION, before: previous ?? undefined }),
      onNext: () => onSearchChange({ ...NO_POSITION, after: next ?? undefined }),
      onFirst: () => onSearchChange(NO_POSITION),
      firstLabel: m.transactions_first_page(),
    }),
    [next, previous, onSearchChange],
  )
  const { merchant, device, stall } = search
  const narrowed = Boolean(
    search.q ||
    search.method ||
    search.kind ||
    search.from ||
    search.to ||
    merchant ||
    device ||
    stall ||
    search.amountMin !== undefined ||
    search.amountMax !== undefined,
  )
  const merchantName = merchant && chosenMerchantName(result.rows, merchant)
  const deviceCode = device && chosenDeviceCode(result.rows, device)
  return (
    <ListPage
      title={m.menu_transactions()}
      market={market}
      actions={
        <ExportButton
          data-testid="transactions-export"
          download={() => exportTransactions(params, `transactions-${shanghaiToday()}.csv`)}
        />
      }
      list={list}
      columnsKey="transactions"
      columns={columns}
      result={result}
      cursor={cursor}
      rowKey={(row) => row.id}
      filtered={narrowed}
      emptyText={refused ? m.table_date_refused_empty() : narrowed ? undefined : m.transactions_empty()}
      filters={
        <>
          <SearchBox label={m.transactions_search()} value={list.text} onChange={list.setText} />
          <DateRangeFilter
            label={m.transactions_col_time()}
            from={search.from}
            to={search.to}
            maxDays={MAX_RANGE_DAYS}
            onChange={setDays}
          />
          <SelectFilter
            name="method"
            label={m.transactions_col_method()}
            allLabel={m.transactions_method_all()}
            value={search.method}
            options={wordOptions(PAYMENT_METHODS, PAYMENT_METHOD_WORDS)}
            onChange={(method) => list.setFilter('method', method)}
          />
          <SelectFilter
            name="kind"
            label={m.transactions_col_kind()}
            allLabel={m.transactions_kind_all()}
            value={search.kind}
            options={wordOptions(TRANSACTION_KINDS, TRANSACTION_KIND_WORDS)}
            onChange={(kind) => list.setFilter('kind', kind)}
            className="w-52"
          />
          <AmountRangeFilter
            min={search.amountMin}
            max={search.amountMax}
            onChange={(range) => changeFilters({ ...range, page: 1 })}
          />
          {search.sort === 'time' && (
            <JumpToTime
              key={search.at ?? ''}
              value={search.at}
              onJump={(at) => onSearchChange({ ...NO_POSITION, at })}
            />
          )}
          <FilterChips
            chips={[
              merchantName && { key: 'merchant', label: m.transactions_chip_merchant({ name: merchantName }) },
              deviceCode && { key: 'device', label: m.transactions_chip_device({ code: deviceCode }) },
              stall && { key: 'stall', label: m.transactions_chip_stall({ stall }) },
            ]}
            removeLabel={m.transactions_chip_remove}
            onRemove={(key) => list.setFilter(key, undefined)}
          />
        </>
      }
    >
      <p className="text-xs text-muted-foreground">{m.transactions_range_note()}</p>
    </ListPage>
  )
}
