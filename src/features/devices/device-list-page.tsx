import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { DEVICE_KINDS, type DeviceKind } from '@contract/device-list'
import type { DeviceListItem, DeviceSecret } from '@contract/devices'
import { Role } from '@contract/roles'
import { m } from '@/paraglide/messages'
import { useListResult } from '@/components/async-state/use-list-result'
import { ListPage } from '@/components/data-table/list-page'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { Badge } from '@/components/ui/badge'
import { BindDeviceDialog, type BindSearches } from './bind-device-dialog'
import { DeviceActions } from './device-actions'
import { useDeviceLiveUpdates } from './device-live'
import { kindLabel, kindOptions, statusLabel, statusOptions } from './labels'
import { useRotateDeviceSecret, useUnbindDevice } from './mutations'
import { deviceListQuery, type DeviceSearch } from './queries'
import { PageLink } from '@/components/page-link'

type DeviceListPageProps = BindSearches & {
  search: DeviceSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  role: number
  onSearchChange: (next: Partial<DeviceSearch>) => void
}

const numeric = { className: 'tabular-nums' }

/** What the rows do, made once for the page rather than once per row. */
type RowCommands = {
  unbind: (id: string) => Promise<unknown>
  rotateSecret: (id: string) => Promise<DeviceSecret>
}

/** SPEC §3's columns (bind time, code, stall, merchant, status, unbind) with the kind and last seen beside them. */
function deviceColumns(allMarkets: boolean, commands: RowCommands): ColumnDef<DeviceListItem, unknown>[] {
  // Words every row shows, looked up once per language rather than once per row.
  const kinds = Object.fromEntries(DEVICE_KINDS.map((kind) => [kind, kindLabel(kind)])) as Record<DeviceKind, string>
  const online = (
    <Badge variant="success" dot>
      {statusLabel('online')}
    </Badge>
  )
  const offline = <Badge variant="muted">{statusLabel('offline')}</Badge>
  const never = m.devices_never_seen()
  const columns: ColumnDef<DeviceListItem, unknown>[] = [
    {
      id: 'boundAt',
      header: m.devices_col_bound(),
      enableSorting: true,
      meta: numeric,
      cell: ({ row }) => row.original.boundTime,
    },
    {
      id: 'code',
      accessorKey: 'code',
      header: m.devices_col_code(),
      enableSorting: true,
      enableHiding: false,
      // Smaller in the table; a card's lines share one size. The code opens the device's page.
      meta: { className: 'font-mono text-xs max-md:text-sm' },
      cell: ({ row }) => (
        <PageLink
          link={{ to: '/device/$deviceId', params: { deviceId: row.original.id } }}
          className="text-primary hover:underline"
        >
          {row.original.code}
        </PageLink>
      ),
    },
    { id: 'kind', header: m.devices_col_kind(), enableSorting: false, cell: ({ row }) => kinds[row.original.kind] },
    { id: 'stallNo', accessorKey: 'stallNo', header: m.devices_col_stall(), enableSorting: true },
    {
      id: 'merchantName',
      header: m.devices_col_merchant(),
      enableSorting: false,
      cell: ({ row }) => row.original.merchantName ?? '—',
    },
    {
      id: 'status',
      header: m.devices_col_status(),
      enableSorting: false,
      cell: ({ row }) => (row.original.online ? online : offline),
    },
    {
      id: 'lastSeenAt',
      header: m.devices_col_last_seen(),
      enableSorting: true,
      meta: numeric,
      cell: ({ row }) => row.original.lastSeenTime ?? never,
    },
    {
      id: 'actions',
      header: m.devices_col_actions(),
      enableSorting: false,
      enableHiding: false,
      meta: { pinnedEnd: true },
      cell: ({ row }) => (
        <DeviceActions device={row.original} unbind={commands.unbind} rotateSecret={commands.rotateSecret} />
      ),
    },
  ]
  if (!allMarkets) return columns
  const marketColumn: ColumnDef<DeviceListItem, unknown> = {
    id: 'marketName',
    accessorKey: 'marketName',
    header: m.devices_col_market(),
    enableSorting: false,
  }
  return [marketColumn, ...columns]
}

/** DeviceManage (SPEC §2): the devices bound in scope, searchable and filterable, their status live. */
export function DeviceListPage({
  search,
  market,
  role,
  onSearchChange,
  useMarketOptions,
  useMerchantOptions,
}: DeviceListPageProps) {
  const list = useListSearch(search, onSearchChange)
  const result = useListResult(useQuery(deviceListQuery({ ...search, market })))
  useDeviceLiveUpdates()
  const allMarkets = market === null
  // Stable functions (TanStack Query's mutateAsync), so the columns are not rebuilt on every render.
  const { mutateAsync: unbind } = useUnbindDevice()
  const { mutateAsync: rotateSecret } = useRotateDeviceSecret()
  // Headers are words in the current language: rebuilt when it changes (the messages read it themselves).
  const columns = useColumns(
    useCallback(() => deviceColumns(allMarkets, { unbind, rotateSecret }), [allMarkets, unbind, rotateSecret]),
  )

  return (
    <ListPage
      title={m.menu_device_manage()}
      market={market}
      actions={
        <BindDeviceDialog
          market={market}
          namesMarket={role === Role.OFFICIAL}
          useMarketOptions={useMarketOptions}
          useMerchantOptions={useMerchantOptions}
        />
      }
      list={list}
      columnsKey="devices"
      columns={columns}
      result={result}
      rowKey={(row) => row.id}
      filtered={Boolean(search.q || search.kind || search.status)}
      filters={
        <>
          <SearchBox label={m.devices_search()} value={list.text} onChange={list.setText} />
          <SelectFilter
            name="kind"
            label={m.devices_col_kind()}
            allLabel={m.devices_kind_all()}
            value={search.kind}
            options={kindOptions()}
            onChange={(kind) => list.setFilter('kind', kind)}
            className="w-44"
          />
          <SelectFilter
            name="status"
            label={m.devices_col_status()}
            allLabel={m.devices_status_all()}
            value={search.status}
            options={statusOptions()}
            onChange={(status) => list.setFilter('status', status)}
          />
        </>
      }
    />
  )
}
