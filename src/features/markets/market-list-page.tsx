import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Plus } from 'lucide-react'
import type { MarketListItem } from '@contract/markets'
import { m } from '@/paraglide/messages'
import { useListResult } from '@/components/async-state/use-list-result'
import { ListPage } from '@/components/data-table/list-page'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { Badge } from '@/components/ui/badge'
import { LicenceStateBadge } from '@/components/licence-state-badge'
import { Button } from '@/components/ui/button'
import { marketListQuery, type MarketSearch } from './queries'
import { statusLabel, statusOptions } from './labels'
import { MarketActions } from './market-actions'
import { PageLink } from '@/components/page-link'

type MarketListPageProps = { search: MarketSearch; onSearchChange: (next: Partial<MarketSearch>) => void }

/** Columns by id, with their header words: the sortable ids are the list's sort keys (contract/market-list.ts). */
function marketColumns(): ColumnDef<MarketListItem, unknown>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: m.markets_col_name(),
      enableSorting: true,
      enableHiding: false,
      // The name opens the market's page; the row's actions stay in their column.
      cell: ({ row }) => (
        <PageLink
          link={{ to: '/market/$marketId', params: { marketId: row.original.id } }}
          className="font-medium text-primary hover:underline"
        >
          {row.original.name}
        </PageLink>
      ),
    },
    { id: 'accountUsername', accessorKey: 'accountUsername', header: m.markets_col_account(), enableSorting: true },
    {
      id: 'accountStatus',
      header: m.markets_col_status(),
      enableSorting: false,
      cell: ({ row }) => (
        <Badge variant={row.original.accountStatus === 1 ? 'success' : 'danger'}>
          {statusLabel(row.original.accountStatus)}
        </Badge>
      ),
    },
    {
      id: 'stallCount',
      accessorKey: 'stallCount',
      header: m.markets_col_stalls(),
      enableSorting: true,
      cell: ({ row }) => <span className="tabular-nums">{row.original.stallCount}</span>,
    },
    {
      id: 'manager',
      header: m.markets_col_manager(),
      enableSorting: false,
      cell: ({ row }) => (
        <span>
          {row.original.managerName}{' '}
          <span className="text-muted-foreground tabular-nums">{row.original.managerPhone}</span>
        </span>
      ),
    },
    {
      // The worse of the market's own business and operating licences (issue 26 §1).
      id: 'licence',
      header: m.merchants_col_licenceState(),
      enableSorting: false,
      cell: ({ row }) => <LicenceStateBadge state={row.original.licenceState} />,
    },
    {
      id: 'registeredAt',
      accessorKey: 'registerTime',
      header: m.markets_col_registered(),
      enableSorting: true,
      // A registration date has no time of day (the form takes a day): the day alone is shown.
      cell: ({ row }) => <span className="tabular-nums">{row.original.registerTime.slice(0, 10)}</span>,
    },
    {
      id: 'actions',
      header: m.markets_col_actions(),
      enableSorting: false,
      enableHiding: false,
      meta: { pinnedEnd: true },
      cell: ({ row }) => <MarketActions market={row.original} />,
    },
  ]
}

/** MarketManage (SPEC §2): every market, searchable and sortable, with its account's actions. */
export function MarketListPage({ search, onSearchChange }: MarketListPageProps) {
  const list = useListSearch(search, onSearchChange)
  const result = useListResult(useQuery(marketListQuery(search)))
  // Headers are words in the current language: rebuilt when it changes.
  const columns = useColumns(marketColumns)

  return (
    <ListPage
      title={m.menu_market_manage()}
      actions={
        <Button asChild>
          <Link to="/market/register">
            <Plus aria-hidden className="size-4" />
            {m.markets_register()}
          </Link>
        </Button>
      }
      list={list}
      columnsKey="markets"
      columns={columns}
      result={result}
      rowKey={(row) => row.id}
      filtered={Boolean(search.q || search.status)}
      filters={
        <>
          <SearchBox label={m.markets_search()} value={list.text} onChange={list.setText} />
          <SelectFilter
            name="status"
            label={m.markets_col_status()}
            allLabel={m.markets_status_all()}
            value={search.status}
            options={statusOptions()}
            onChange={(status) => list.setFilter('status', status)}
          />
        </>
      }
    />
  )
}
