import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditEntry } from '@contract/audit'
import { formatShanghaiTime, shanghaiToday } from '@contract/time'
import { AUDIT_ACTION_WORDS, AUDIT_AREA_WORDS, ROLE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { downloadFile } from '@/lib/download'
import { wordFor, wordOptions } from '@/lib/words'
import { useListResult } from '@/components/async-state/use-list-result'
import { DateRangeFilter, type DayRange } from '@/components/data-table/date-range-filter'
import { ExportButton } from '@/components/data-table/export-button'
import { FilterChips } from '@/components/data-table/filter-chips'
import { ListPage } from '@/components/data-table/list-page'
import { Narrowable } from '@/components/data-table/narrowable-cells'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { chosenName, withMarketColumn } from '@/components/data-table/market-column'
import { Badge } from '@/components/ui/badge'
import { AuditChanges } from './audit-changes'
import { AuditRecord } from './audit-record'
import { AUDIT_CELL_CLASS } from './audit-classes'
import { recordName } from './audit-text'
import { auditListQuery, type AuditListParams, type AuditListSearch } from './queries'

type AuditListPageProps = {
  search: AuditListSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  onSearchChange: (next: Partial<AuditListSearch>) => void
}

/** Narrowing the list to one account or one record, from a row. */
type RowFilters = { byActor: (uk: string) => void; byRecord: (id: string) => void }

/** Time, who, area, action, the record and what changed; the market too when the list holds several. */
function auditColumns(allMarkets: boolean, filters: RowFilters): ColumnDef<AuditEntry, unknown>[] {
  const system = m.audit_actor_system()
  const columns: ColumnDef<AuditEntry, unknown>[] = [
    {
      id: 'at',
      header: m.audit_col_time(),
      enableSorting: true,
      enableHiding: false,
      meta: { className: AUDIT_CELL_CLASS.at },
      cell: ({ row }) => formatShanghaiTime(row.original.at),
    },
    {
      id: 'actor',
      header: m.audit_col_actor(),
      enableSorting: false,
      cell: ({ row }) => {
        const { actor } = row.original
        if (!actor) return <span className="text-muted-foreground">{system}</span>
        return (
          <Narrowable
            label={m.audit_filter_account({ account: actor.username })}
            onNarrow={() => filters.byActor(actor.uk)}
          >
            <span>
              {actor.username}
              <span className="ml-1.5 text-xs text-muted-foreground">{wordFor(ROLE_WORDS, String(actor.role))}</span>
            </span>
          </Narrowable>
        )
      },
    },
    {
      id: 'area',
      header: m.audit_col_area(),
      enableSorting: false,
      cell: ({ row }) => wordFor(AUDIT_AREA_WORDS, row.original.area),
    },
    {
      id: 'action',
      header: m.audit_col_action(),
      enableSorting: false,
      cell: ({ row }) => <Badge variant="muted">{wordFor(AUDIT_ACTION_WORDS, row.original.action)}</Badge>,
    },
    {
      id: 'record',
      header: m.audit_col_record(),
      enableSorting: false,
      cell: ({ row }) => (
        <Narrowable
          label={m.audit_filter_record({ record: recordName(row.original) })}
          onNarrow={() => filters.byRecord(row.original.record.id)}
        >
          <AuditRecord entry={row.original} name={recordName(row.original)} />
        </Narrowable>
      ),
    },
    {
      id: 'changes',
      header: m.audit_col_changes(),
      enableSorting: false,
      meta: { className: AUDIT_CELL_CLASS.changes },
      cell: ({ row }) => <AuditChanges area={row.original.area} changes={row.original.changes} />,
    },
  ]
  return withMarketColumn(columns, allMarkets, m.audit_col_market(), (row) => row.market?.name)
}

function exportLog(params: AuditListParams): Promise<void> {
  const { q, area, action, from, to, actor, record, market } = params
  return downloadFile(
    '/audit/export',
    '$get',
    { query: { q, area, action, from, to, actor, record, market: market ?? undefined } },
    `operation-log-${shanghaiToday()}.csv`,
  )
}

/**
 * OperationLog (issue 23 §1): every recorded change in scope, newest first. An OFFICIAL sees every
 * market's (or the switcher's market), a MARKET operator only their own market's, whatever the URL
 * says (the server holds them to it). Filters: the account's name (search), area, action, days, and
 * one account or record chosen from a row.
 */
export function AuditListPage({ search, market, onSearchChange }: AuditListPageProps) {
  const list = useListSearch(search, onSearchChange)
  const params: AuditListParams = { ...search, market }
  const result = useListResult(useQuery(auditListQuery(params)))
  const allMarkets = market === null
  const { setFilter } = list
  const columns = useColumns(
    useCallback(
      () =>
        auditColumns(allMarkets, {
          byActor: (uk) => setFilter('actor', uk),
          byRecord: (id) => setFilter('record', id),
        }),
      [allMarkets, setFilter],
    ),
  )
  const setDays = useCallback(({ from, to }: DayRange) => onSearchChange({ from, to, page: 1 }), [onSearchChange])
  const { actor, record } = search
  const narrowed = Boolean(search.q || search.area || search.action || search.from || search.to || actor || record)
  const actorName =
    actor && chosenName(result.rows, (entry) => (entry.actor?.uk === actor ? entry.actor.username : undefined), actor)
  const recordLabel =
    record && chosenName(result.rows, (entry) => (entry.record.id === record ? recordName(entry) : undefined), record)

  return (
    <ListPage
      title={m.menu_operation_log()}
      market={market}
      actions={<ExportButton data-testid="audit-export" download={() => exportLog(params)} />}
      list={list}
      columnsKey="audit"
      columns={columns}
      result={result}
      rowKey={(row) => row.id}
      filtered={narrowed}
      emptyText={narrowed ? undefined : m.audit_empty()}
      filters={
        <>
          <SearchBox label={m.audit_search()} value={list.text} onChange={list.setText} />
          <SelectFilter
            name="area"
            label={m.audit_col_area()}
            allLabel={m.audit_area_all()}
            value={search.area}
            options={wordOptions(AUDIT_AREAS, AUDIT_AREA_WORDS)}
            onChange={(area) => list.setFilter('area', area)}
          />
          <SelectFilter
            name="action"
            label={m.audit_col_action()}
            allLabel={m.audit_action_all()}
            value={search.action}
            options={wordOptions(AUDIT_ACTIONS, AUDIT_ACTION_WORDS)}
            onChange={(action) => list.setFilter('action', action)}
            className="w-40"
          />
          <DateRangeFilter label={m.audit_col_time()} from={search.from} to={search.to} onChange={setDays} />
          <FilterChips
            chips={[
              actorName && { key: 'actor', label: m.audit_chip_account({ account: actorName }) },
              recordLabel && { key: 'record', label: m.audit_chip_record({ record: recordLabel }) },
            ]}
            removeLabel={m.audit_chip_remove}
            onRemove={(key) => list.setFilter(key, undefined)}
          />
        </>
      }
    />
  )
}
