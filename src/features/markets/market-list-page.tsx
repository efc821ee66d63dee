import { useEffect, useId, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Plus, Search } from 'lucide-react'
import type { MarketListItem } from '@contract/markets'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { DataTable } from '@/components/data-table/data-table'
import { tableLabels } from '@/components/data-table/use-table-labels'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { marketListQuery } from './api'
import { statusLabel } from './labels'
import { MarketActions } from './market-actions'
import type { MarketSearch } from './search'

const SEARCH_DELAY_MS = 300

type MarketListPageProps = { search: MarketSearch; onSearchChange: (next: Partial<MarketSearch>) => void }

/** MarketManage (SPEC §2): every market, searchable and sortable, with its account's actions. */
export function MarketListPage({ search, onSearchChange }: MarketListPageProps) {
  const locale = useLocale()
  const id = useId()
  const query = useQuery(marketListQuery(search))
  const [text, setText] = useState(search.q ?? '')

  // Typing waits for a pause before it becomes a new URL (and a request).
  useEffect(() => {
    if ((search.q ?? '') === text.trim()) return
    const timer = setTimeout(() => onSearchChange({ q: text.trim() || undefined, page: 1 }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, search.q, onSearchChange])

  const columns = useMemo<ColumnDef<MarketListItem, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: () => m.markets_col_name(), enableSorting: true, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      { id: 'accountUsername', accessorKey: 'accountUsername', header: () => m.markets_col_account(), enableSorting: true },
      {
        id: 'accountStatus',
        header: () => m.markets_col_status(),
        enableSorting: false,
        cell: ({ row }) => <Badge variant={row.original.accountStatus === 1 ? 'success' : 'danger'}>{statusLabel(row.original.accountStatus)}</Badge>,
      },
      { id: 'stallCount', accessorKey: 'stallCount', header: () => m.markets_col_stalls(), enableSorting: true, cell: ({ row }) => <span className="tabular-nums">{row.original.stallCount}</span> },
      {
        id: 'manager',
        header: () => m.markets_col_manager(),
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {row.original.managerName} <span className="text-muted-foreground tabular-nums">{row.original.managerPhone}</span>
          </span>
        ),
      },
      { id: 'registeredAt', accessorKey: 'registerTime', header: () => m.markets_col_registered(), enableSorting: true, cell: ({ row }) => <span className="tabular-nums">{row.original.registerTime}</span> },
      { id: 'actions', header: () => m.markets_col_actions(), enableSorting: false, cell: ({ row }) => <MarketActions market={row.original} /> },
    ],
    // Headers are message functions: rebuilt when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale],
  )

  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{m.menu_market_manage()}</h1>
        <Button asChild>
          <Link to="/market/register">
            <Plus aria-hidden className="size-4" />
            {m.markets_register()}
          </Link>
        </Button>
      </header>
      <DataTable
        caption={m.menu_market_manage()}
        columns={columns}
        rows={query.data?.list}
        total={query.data?.total ?? 0}
        page={search.page}
        pageSize={search.pageSize}
        sort={{ id: search.sort, desc: search.order === 'desc' }}
        onSortChange={({ id: sort, desc }) => onSearchChange({ sort: sort as MarketSearch['sort'], order: desc ? 'desc' : 'asc', page: 1 })}
        onPageChange={(page, pageSize) => onSearchChange({ page, pageSize: pageSize as MarketSearch['pageSize'] })}
        status={query.status}
        fetching={query.isFetching}
        onRetry={() => void query.refetch()}
        labels={tableLabels()}
        rowKey={(row) => row.id}
        toolbar={
          <>
            <label htmlFor={`${id}-q`} className="sr-only">
              {m.markets_search()}
            </label>
            <span className="relative w-full max-w-xs">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id={`${id}-q`} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={m.markets_search()} className="pl-8" />
            </span>
            <label htmlFor={`${id}-status`} className="sr-only">
              {m.markets_col_status()}
            </label>
            <Select
              id={`${id}-status`}
              value={search.status ?? ''}
              onChange={(event) => onSearchChange({ status: (event.target.value || undefined) as MarketSearch['status'], page: 1 })}
              className="w-36"
            >
              <option value="">{m.markets_status_all()}</option>
              <option value="1">{m.user_status_normal()}</option>
              <option value="2">{m.user_status_frozen()}</option>
            </Select>
          </>
        }
      />
    </section>
  )
}
