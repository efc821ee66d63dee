import { useCallback, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { ListFilter } from 'lucide-react'
import { TEST_RESULTS } from '@contract/device-api'
import type { PesticideTest } from '@contract/pesticide-tests'
import { Role } from '@contract/roles'
import { pesticideTestDays } from '@contract/pesticide-test-days'
import { formatShanghaiTime, shanghaiToday } from '@contract/time'
import { FOLLOW_UP_ACTION_WORDS, TEST_RESULT_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor, wordOptions } from '@/lib/words'
import { useListResult } from '@/components/async-state/use-list-result'
import { DateRangeFilter, type DayRange } from '@/components/data-table/date-range-filter'
import { ExportButton } from '@/components/data-table/export-button'
import { FilterChips } from '@/components/data-table/filter-chips'
import { ListPage } from '@/components/data-table/list-page'
import { DeviceCell, MerchantCell, Narrowable } from '@/components/data-table/narrowable-cells'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { chosenDeviceCode, chosenMerchantName, withMarketColumn } from '@/components/data-table/market-column'
import { lazyComponent, OnFirstUse } from '@/components/on-first-use'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  exportPesticideTests,
  pesticideTestListQuery,
  type PesticideTestListParams,
  type PesticideTestListSearch,
} from './queries'

type PesticideTestListPageProps = {
  search: PesticideTestListSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  role: number
  onSearchChange: (next: Partial<PesticideTestListSearch>) => void
}

/** Narrowing the list from a row, and opening a test's dialog. */
type RowActions = {
  byMerchant: (id: string) => void
  byDevice: (id: string) => void
  byStall: (stall: string) => void
  open: (test: PesticideTest) => void
}

const link = 'text-primary hover:underline'

// The test's dialog (with the follow-up form) loads when a test is first opened.
const loadDialog = () => import('./pesticide-test-dialog')
const PesticideTestDialog = lazyComponent(() => loadDialog().then((module) => module.PesticideTestDialog))

/** Whether a failure was handled: a word for the list (a pass needs none). */
function FollowUpState({ test }: { test: PesticideTest }) {
  if (test.result !== 'fail') return <span className="text-muted-foreground">{m.pesticide_tests_not_applicable()}</span>
  if (!test.followUp) return <Badge variant="danger">{m.pesticide_tests_unhandled()}</Badge>
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant="success">{m.pesticide_tests_handled()}</Badge>
      <span className="text-xs text-muted-foreground">
        {test.followUp.actions.map((action) => wordFor(FOLLOW_UP_ACTION_WORDS, action)).join(' · ')}
      </span>
    </span>
  )
}

function pesticideTestColumns(allMarkets: boolean, actions: RowActions): ColumnDef<PesticideTest, unknown>[] {
  const columns: ColumnDef<PesticideTest, unknown>[] = [
    {
      id: 'time',
      header: m.pesticide_tests_col_time(),
      enableSorting: true,
      enableHiding: false,
      meta: { className: 'tabular-nums whitespace-nowrap' },
      cell: ({ row }) => formatShanghaiTime(row.original.at),
    },
    {
      id: 'produce',
      header: m.pesticide_tests_col_produce(),
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <button
          type="button"
          className={`${link} rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none`}
          aria-label={m.pesticide_tests_open({
            produce: row.original.produce,
            time: formatShanghaiTime(row.original.at),
          })}
          onClick={() => actions.open(row.original)}
        >
          {row.original.produce}
        </button>
      ),
    },
    {
      // Sorting by this column lists the failures first (the list's `failures` sort).
      id: 'failures',
      header: m.pesticide_tests_col_result(),
      enableSorting: true,
      cell: ({ row }) => (
        <Badge variant={row.original.result === 'fail' ? 'danger' : 'muted'}>
          {wordFor(TEST_RESULT_WORDS, row.original.result)}
        </Badge>
      ),
    },
    {
      id: 'inhibition',
      header: m.pesticide_tests_col_inhibition(),
      enableSorting: false,
      meta: { className: 'tabular-nums' },
      cell: ({ row }) => row.original.inhibitionPct.toFixed(1),
    },
    {
      id: 'followUp',
      header: m.pesticide_tests_col_follow_up(),
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => <FollowUpState test={row.original} />,
    },
    {
      id: 'merchant',
      header: m.pesticide_tests_col_merchant(),
      enableSorting: false,
      cell: ({ row }) => (
        <MerchantCell
          merchant={row.original.merchant}
          narrowLabel={(name) => m.pesticide_tests_filter_merchant({ name })}
          onNarrow={actions.byMerchant}
        />
      ),
    },
    {
      id: 'stall',
      header: m.pesticide_tests_col_stall(),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.stallNo ? (
          <Narrowable
            label={m.pesticide_tests_filter_stall({ stall: row.original.stallNo })}
            onNarrow={() => actions.byStall(row.original.stallNo)}
          >
            {row.original.stallNo}
          </Narrowable>
        ) : (
          '—'
        ),
    },
    {
      id: 'device',
      header: m.pesticide_tests_col_device(),
      enableSorting: false,
      cell: ({ row }) => (
        <DeviceCell
          device={row.original.device}
          narrowLabel={(code) => m.pesticide_tests_filter_device({ code })}
          onNarrow={actions.byDevice}
        />
      ),
    },
  ]
  return withMarketColumn(columns, allMarkets, m.pesticide_tests_col_market(), (row) => row.market.name)
}

/**
 * The pesticide-test history (issue 25 §3): every test in scope, newest first (or the failures first),
 * paged by the server. An OFFICIAL sees every market's (or the switcher's), a MARKET operator only
 * their own, whatever the URL says (the server holds them to it). Filters: days (the last 7 by
 * default, at most 31), the produce (search), the result, and a merchant, stall or tester chosen
 * from a row. A test opens its dialog, where a failure's follow-up is shown or recorded.
 */
export function PesticideTestListPage({ search, market, role, onSearchChange }: PesticideTestListPageProps) {
  const list = useListSearch(search, onSearchChange)
  const params: PesticideTestListParams = { ...search, market }
  const query = useQuery(pesticideTestListQuery(params))
  const result = useListResult(query)
  const allMarkets = market === null
  const { setFilter } = list
  const [opened, setOpened] = useState<{ id: string; open: boolean } | null>(null)
  const columns = useColumns(
    useCallback(
      () =>
        pesticideTestColumns(allMarkets, {
          byMerchant: (id) => setFilter('merchant', id),
          byDevice: (id) => setFilter('device', id),
          byStall: (stall) => setFilter('stall', stall),
          open: (test) => setOpened({ id: test.id, open: true }),
        }),
      [allMarkets, setFilter],
    ),
  )
  // The days the list shows when the URL names none or one end (the server's rule): the boxes say them.
  const shownDays = pesticideTestDays(search)
  const setDays = useCallback(({ from, to }: DayRange) => onSearchChange({ from, to, page: 1 }), [onSearchChange])
  // The dialog shows the row as the list has it now (a recorded follow-up appears once the list refetches).
  const openTest = opened ? result.rows?.find((row) => row.id === opened.id) : undefined
  const failuresFirst = search.sort === 'failures'
  const { merchant, device, stall } = search
  const narrowed = Boolean(search.q || search.result || search.from || search.to || merchant || device || stall)
  const merchantName = merchant && chosenMerchantName(result.rows, merchant)
  const deviceCode = device && chosenDeviceCode(result.rows, device)
  return (
    <ListPage
      title={m.menu_pesticide_tests()}
      market={market}
      actions={
        <ExportButton
          data-testid="pesticide-tests-export"
          download={() => exportPesticideTests(params, `pesticide-tests-${shanghaiToday()}.csv`)}
        />
      }
      list={list}
      columnsKey="pesticide-tests"
      columns={columns}
      result={result}
      rowKey={(row) => row.id}
      filtered={narrowed}
      emptyText={narrowed ? undefined : m.pesticide_tests_empty()}
      filters={
        <>
          <SearchBox label={m.pesticide_tests_search()} value={list.text} onChange={list.setText} />
          <DateRangeFilter
            label={m.pesticide_tests_col_time()}
            from={shownDays.from}
            to={shownDays.to}
            onChange={setDays}
            fromTheClock={search.from === undefined && search.to === undefined}
          />
          <SelectFilter
            name="result"
            label={m.pesticide_tests_col_result()}
            allLabel={m.pesticide_tests_result_all()}
            value={search.result}
            options={wordOptions(TEST_RESULTS, TEST_RESULT_WORDS)}
            onChange={(value) => list.setFilter('result', value)}
            className="w-32"
          />
          <Button
            variant={failuresFirst ? 'default' : 'outline'}
            aria-pressed={failuresFirst}
            onClick={() =>
              list.sorting.onSortChange(failuresFirst ? { id: 'time', desc: true } : { id: 'failures', desc: true })
            }
            data-testid="pesticide-tests-failures-first"
          >
            <ListFilter aria-hidden className="size-4" />
            {m.pesticide_tests_failures_first()}
          </Button>
          <FilterChips
            chips={[
              merchantName && { key: 'merchant', label: m.pesticide_tests_chip_merchant({ name: merchantName }) },
              deviceCode && { key: 'device', label: m.pesticide_tests_chip_device({ code: deviceCode }) },
              stall && { key: 'stall', label: m.pesticide_tests_chip_stall({ stall }) },
            ]}
            removeLabel={m.pesticide_tests_chip_remove}
            onRemove={(key) => list.setFilter(key, undefined)}
          />
        </>
      }
    >
      <p className="text-xs text-muted-foreground">{m.pesticide_tests_range_note()}</p>
      <OnFirstUse used={opened !== null}>
        {openTest && (
          <PesticideTestDialog
            test={openTest}
            open={opened?.open ?? false}
            onOpenChange={(open) => setOpened((current) => (current ? { ...current, open } : null))}
            mayRecord={role === Role.MARKET}
          />
        )}
      </OnFirstUse>
    </ListPage>
  )
}
