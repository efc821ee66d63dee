import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { AlarmClock, Plus } from 'lucide-react'
import { COMPLAINT_CATEGORIES, COMPLAINT_CHANNELS, COMPLAINT_STATES } from '@contract/complaint-list'
import type { ComplaintListItem } from '@contract/complaints'
import { COMPLAINT_CATEGORY_WORDS, COMPLAINT_CHANNEL_WORDS, COMPLAINT_STATE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { useLocale, type Locale } from '@/lib/locale'
import { wordFor, wordOptions } from '@/lib/words'
import { useListResult } from '@/components/async-state/use-list-result'
import { DateRangeFilter, type DayRange } from '@/components/data-table/date-range-filter'
import { ExportButton } from '@/components/data-table/export-button'
import { FilterChips } from '@/components/data-table/filter-chips'
import { ListPage } from '@/components/data-table/list-page'
import { chosenMerchantName } from '@/components/data-table/market-column'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { Button } from '@/components/ui/button'
import { ComplaintStateBadge, OverdueBadge } from './complaint-badges'
import { complaintListQuery, exportComplaints, type ComplaintListSearch } from './queries'
import { PageLink } from '@/components/page-link'

type ComplaintListPageProps = {
  search: ComplaintListSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  /** The market the URL names, carried by the register link (an operator's is implied, never in a URL). */
  urlMarket: string | undefined
  onSearchChange: (next: Partial<ComplaintListSearch>) => void
}

const numeric = { className: 'tabular-nums' }
const plusIcon = <Plus aria-hidden className="size-4" />
/** An overdue complaint's row is tinted and marked at its start (the state cell says it in words too). */
const overdueTone = (row: ComplaintListItem) => (row.overdue ? ('danger' as const) : undefined)

/** The number (opening the complaint), when and where, what about, its state and when it is due. */
function complaintColumns(allMarkets: boolean): ColumnDef<ComplaintListItem, unknown>[] {
  const columns: ColumnDef<ComplaintListItem, unknown>[] = [
    {
      id: 'no',
      // Not "No.": the index column beside it is that.
      header: m.complaints_col_number(),
      enableSorting: true,
      enableHiding: false,
      meta: { ...numeric, reuseAcrossRows: true },
      cell: ({ row }) => (
        <PageLink
          link={{ to: '/complaint/$complaintId', params: { complaintId: row.original.id } }}
          className="font-medium text-primary hover:underline"
          aria-label={m.complaints_open({ no: row.original.no })}
        >
          #{row.original.no}
        </PageLink>
      ),
    },
    {
      id: 'receivedAt',
      header: m.complaints_col_receivedTime(),
      enableSorting: true,
      meta: numeric,
      cell: ({ row }) => row.original.receivedTime.slice(0, 16),
    },
    {
      id: 'stallNo',
      header: m.complaints_col_stallNo(),
      enableSorting: false,
      cell: ({ row }) => row.original.stallNo || '—',
    },
    {
      id: 'merchant',
      header: m.complaints_col_merchant(),
      enableSorting: false,
      cell: ({ row }) => row.original.merchant?.name ?? '—',
    },
    {
      id: 'category',
      header: m.complaints_col_category(),
      enableSorting: false,
      cell: ({ row }) => wordFor(COMPLAINT_CATEGORY_WORDS, row.original.category),
    },
    {
      id: 'channel',
      header: m.complaints_col_channel(),
      enableSorting: false,
      cell: ({ row }) => wordFor(COMPLAINT_CHANNEL_WORDS, row.original.channel),
    },
    {
      id: 'state',
      header: m.complaints_col_state(),
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <ComplaintStateBadge state={row.original.state} />
          {row.original.overdue && <OverdueBadge />}
        </span>
      ),
    },
    {
      id: 'dueAt',
      header: m.complaints_col_dueTime(),
      enableSorting: true,
      meta: numeric,
      cell: ({ row }) =>
        row.original.closedTime ? (
          <span className="text-muted-foreground">{row.original.dueTime.slice(0, 16)}</span>
        ) : (
          <span className={row.original.overdue ? 'font-semibold text-danger' : undefined}>
            {row.original.dueTime.slice(0, 16)}
          </span>
        ),
    },
  ]
  if (!allMarkets) return columns
  const marketColumn: ColumnDef<ComplaintListItem, unknown> = {
    id: 'marketName',
    header: m.complaints_col_marketName(),
    enableSorting: false,
    cell: ({ row }) => row.original.marketName,
  }
  return [columns[0]!, columns[1]!, marketColumn, ...columns.slice(2)]
}

/**
 * ComplaintManage (issue 26 §2): the complaints in scope, newest first, searchable by number, stall,
 * merchant or description, filtered by state, category, channel, overdue and the days received.
 * An overdue complaint stands out: its row is tinted and its state says "Overdue".
 */
export function ComplaintListPage({ search, market, urlMarket, onSearchChange }: ComplaintListPageProps) {
  const locale = useLocale()
  const list = useListSearch(search, onSearchChange)
  const params = useMemo(() => ({ ...search, market }), [search, market])
  const result = useListResult(useQuery(complaintListQuery(params)))
  const allMarkets = market === null
  // Headers are words in the current language: rebuilt when it changes.
  const columns = useColumns(useCallback((_locale: Locale) => complaintColumns(allMarkets), [allMarkets]))
  const setDays = useCallback(({ from, to }: DayRange) => onSearchChange({ from, to, page: 1 }), [onSearchChange])
  const { text, setText, setFilter } = list
  const { state, category, channel, overdue, from, to } = search
  const toolbar = useMemo(() => {
    const words = { locale }
    return (
      <>
        <SearchBox label={m.complaints_search({}, words)} value={text} onChange={setText} />
        <SelectFilter
          name="state"
          label={m.complaints_col_state({}, words)}
          allLabel={m.complaints_state_all({}, words)}
          value={state}
          options={wordOptions(COMPLAINT_STATES, COMPLAINT_STATE_WORDS)}
          onChange={(value) => setFilter('state', value)}
        />
        <SelectFilter
          name="category"
          label={m.complaints_col_category({}, words)}
          allLabel={m.complaints_category_all({}, words)}
          value={category}
          options={wordOptions(COMPLAINT_CATEGORIES, COMPLAINT_CATEGORY_WORDS)}
          onChange={(value) => setFilter('category', value)}
        />
        <SelectFilter
          name="channel"
          label={m.complaints_col_channel({}, words)}
          allLabel={m.complaints_channel_all({}, words)}
          value={channel}
          options={wordOptions(COMPLAINT_CHANNELS, COMPLAINT_CHANNEL_WORDS)}
          onChange={(value) => setFilter('channel', value)}
        />
        {/* A toggle: pressed, the list holds only the open complaints past their due time. */}
        <Button
          type="button"
          variant={overdue ? 'danger' : 'outline'}
          aria-pressed={overdue === 'yes'}
          onClick={() => setFilter('overdue', overdue ? undefined : 'yes')}
          data-testid="complaints-overdue-filter"
        >
          <AlarmClock aria-hidden className="size-4" />
          {m.complaints_overdue_only({}, words)}
        </Button>
        <DateRangeFilter label={m.complaints_col_receivedTime({}, words)} from={from} to={to} onChange={setDays} />
      </>
    )
  }, [locale, text, setText, setFilter, state, category, channel, overdue, from, to, setDays])
  // The same for the heading's buttons: the export follows the search, not the rows.
  const actions = useMemo(
    () => (
      <div className="flex flex-wrap gap-2">
        <ExportButton data-testid="complaint-export" download={() => exportComplaints(params)} />
        <Button asChild>
          <Link to="/complaint/register" search={{ market: urlMarket }}>
            {plusIcon}
            {m.menu_complaint_register({}, { locale })}
          </Link>
        </Button>
      </div>
    ),
    [locale, params, urlMarket],
  )
  // One merchant's complaints (a link from elsewhere): named as the rows name it, an id's start until they do.
  const merchantName = search.merchant && chosenMerchantName(result.rows, search.merchant)
  const narrowed = Boolean(search.q || state || category || channel || overdue || from || to || search.merchant)

  return (
    <ListPage
      title={m.menu_complaint_manage()}
      market={market}
      actions={actions}
      list={list}
      columnsKey="complaints"
      columns={columns}
      result={result}
      // No index column: the market's complaint number is the row's name (both read "#n" on a card).
      rowKey={(row) => row.id}
      rowTone={overdueTone}
      filtered={narrowed}
      emptyText={narrowed ? undefined : m.complaints_empty()}
      filters={
        merchantName ? (
          <>
            {toolbar}
            <FilterChips
              chips={[{ key: 'merchant', label: m.complaints_chip_merchant({ merchant: merchantName }) }]}
              removeLabel={m.complaints_chip_remove}
              onRemove={(key) => setFilter(key, undefined)}
            />
          </>
        ) : (
          toolbar
        )
      }
    />
  )
}
