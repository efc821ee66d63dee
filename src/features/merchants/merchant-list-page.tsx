import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { Plus } from 'lucide-react'
import { LICENCE_STATES } from '@contract/licence-state'
import {
  BUSINESS_CATEGORIES,
  CREDIT_STAR_FILTERS,
  MERCHANT_STATUSES,
  type BusinessCategory,
} from '@contract/merchant-list'
import { CREDIT_STAR_WORDS, LICENCE_STATE_WORDS } from '@contract/words'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { useLocale, type Locale } from '@/lib/locale'
import { wordOptions } from '@/lib/words'
import { useListResult } from '@/components/async-state/use-list-result'
import { ListPage } from '@/components/data-table/list-page'
import { SearchBox } from '@/components/data-table/search-box'
import { SelectFilter } from '@/components/data-table/select-filter'
import { useColumns } from '@/components/data-table/use-columns'
import { useListSearch } from '@/components/data-table/use-list-search'
import { Badge } from '@/components/ui/badge'
import { CreditStars } from '@/components/credit-stars'
import { LicenceStateBadge } from '@/components/licence-state-badge'
import { Button } from '@/components/ui/button'
import { MerchantExportButton } from './export-button'
import { categoryLabel, categoryOptions, statusLabel } from './labels'
import { MerchantActions } from './merchant-actions'
import { MerchantPasswordCell } from './merchant-password-cell'
import { useResetMerchantPassword, useSetMerchantLeft } from './mutations'
import { merchantListQuery, type MerchantSearch } from './queries'
import { PageLink } from '@/components/page-link'

type MerchantListPageProps = {
  search: MerchantSearch
  /** The market in scope (null: all markets, which adds a market column). */
  market: string | null
  /** The market the URL names, carried by the page's links (an operator's is implied, never in a URL). */
  urlMarket: string | undefined
  /** Set when the edit page sent the user here for want of its stored row (SPEC §4). */
  sentBack: boolean
  onSearchChange: (next: Partial<MerchantSearch>) => void
}

const numeric = { className: 'tabular-nums' }
const plusIcon = <Plus aria-hidden className="size-4" />

/** What the rows do, made once for the page rather than once per row. */
type RowCommands = {
  resetPassword: (id: string) => Promise<{ clearPwd: string }>
  setLeft: (input: { id: string; left: boolean }) => Promise<unknown>
}

/** SPEC §3's columns in SPEC's order (index, account, password, stall, name, phone, category, credit code, created, edit). */
function merchantColumns(
  allMarkets: boolean,
  market: string | undefined,
  commands: RowCommands,
  locale: Locale,
): ColumnDef<MerchantListItem, unknown>[] {
  // Words every row shows, looked up once per language rather than once per row.
  const categories = Object.fromEntries(BUSINESS_CATEGORIES.map((value) => [value, categoryLabel(value)])) as Record<
    BusinessCategory,
    string
  >
  const leftBadge = <Badge variant="danger">{statusLabel('left')}</Badge>
  const columns: ColumnDef<MerchantListItem, unknown>[] = [
    {
      id: 'accountUsername',
      accessorKey: 'accountUsername',
      header: m.merchants_col_accountUsername(),
      enableSorting: true,
      meta: numeric,
    },
    {
      id: 'password',
      header: m.merchants_col_password(),
      enableSorting: false,
      // The cell keys its reset by the merchant itself, so the table may keep it from row to row.
      meta: { reuseAcrossRows: true },
      cell: ({ row }) => (
        <MerchantPasswordCell merchant={row.original} resetPassword={commands.resetPassword} locale={locale} />
      ),
    },
    { id: 'stallNo', accessorKey: 'stallNo', header: m.merchants_col_stallNo(), enableSorting: true },
    {
      id: 'name',
      accessorKey: 'name',
      header: m.merchants_col_name(),
      enableSorting: true,
      enableHiding: false,
      // A link, spans and a badge, nothing with state of its own: updated in place when the row shows
      // another merchant. The name opens the merchant's page.
      meta: { reuseAcrossRows: true },
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <PageLink
            link={{ to: '/merchant/$merchantId', params: { merchantId: row.original.id } }}
            className="font-medium text-primary hover:underline"
          >
            {row.original.name}
          </PageLink>
          {row.original.status === 'left' && leftBadge}
        </span>
      ),
    },
    {
      id: 'phone',
      accessorKey: 'phone',
      header: m.merchants_col_phone(),
      enableSorting: false,
      meta: numeric,
    },
    {
      id: 'category',
      header: m.merchants_col_category(),
      enableSorting: true,
      cell: ({ row }) => categories[row.original.category],
    },
    {
      id: 'creditCode',
      accessorKey: 'creditCode',
      header: m.merchants_col_creditCode(),
      enableSorting: false,
      // Smaller in the table, where it is the widest column; a card's lines share one size.
      meta: { className: 'font-mono text-xs max-md:text-sm' },
      cell: ({ row }) => row.original.creditCode || '—',
    },
    {
      // The worse of its two licences (issue 26 §1); the sort puts the worst first when ascending.
      id: 'licence',
      header: m.merchants_col_licenceState(),
      enableSorting: true,
      cell: ({ row }) => <LicenceStateBadge state={row.original.licenceState} />,
    },
    {
      // Computed by the server from the market's records (issue 26 §3); its reasons on the merchant's
      // page. The sort puts the fewest stars first when ascending.
      id: 'credit',
      header: m.merchants_col_creditStars(),
      enableSorting: true,
      cell: ({ row }) => <CreditStars stars={row.original.creditStars} />,
    },
    {
      id: 'createdAt',
      header: m.merchants_col_createdTime(),
      enableSorting: true,
      meta: numeric,
      // The day, as the market list shows its registration (docs/decisions.md): the sort still orders
      // by the exact moment.
      cell: ({ row }) => row.original.createdTime.slice(0, 10),
    },
    {
      id: 'edit',
      header: m.merchants_col_edit(),
      enableSorting: false,
      enableHiding: false,
      // RowActions keys its menu and confirm by the merchant, so the table may keep the cell from row to row.
      meta: { reuseAcrossRows: true, pinnedEnd: true },
      cell: ({ row }) => (
        <MerchantActions merchant={row.original} market={market} setLeft={commands.setLeft} locale={locale} />
      ),
    },
  ]
  if (!allMarkets) return columns
  const marketColumn: ColumnDef<MerchantListItem, unknown> = {
    id: 'marketName',
    accessorKey: 'marketName',
    header: m.merchants_col_marketName(),
    enableSorting: false,
  }
  return [marketColumn, ...columns]
}

/** MerchantManage (SPEC §2): the merchants in scope, searchable, filterable, exportable. */
export function MerchantListPage({ search, market, urlMarket, sentBack, onSearchChange }: MerchantListPageProps) {
  const locale = useLocale()
  const list = useListSearch(search, onSearchChange)
  const params = useMemo(() => ({ ...search, market }), [search, market])
  const result = useListResult(useQuery(merchantListQuery(params)))
  const allMarkets = market === null
  const linkMarket = urlMarket
  // Stable functions (TanStack Query's mutateAsync), so the columns are not rebuilt on every render.
  const { mutateAsync: resetPassword } = useResetMerchantPassword()
  const { mutateAsync: setLeft } = useSetMerchantLeft()
  // Headers are words in the current language: rebuilt when it changes.
  const columns = useColumns(
    useCallback(
      (locale: Locale) => merchantColumns(allMarkets, linkMarket, { resetPassword, setLeft }, locale),
      [allMarkets, linkMarket, resetPassword, setLeft],
    ),
  )
  const { text, setText, setFilter } = list
  const { category, status, licence, credit } = search
  // Made again only when what it shows changes, not for every page or loading state of the list.
  const toolbar = useMemo(() => {
    const words = { locale }
    return (
      <>
        <SearchBox label={m.merchants_search({}, words)} value={text} onChange={setText} />
        <SelectFilter
          name="category"
          label={m.merchants_col_category({}, words)}
          allLabel={m.merchants_category_all({}, words)}
          value={category}
          options={categoryOptions()}
          onChange={(value) => setFilter('category', value)}
        />
        <SelectFilter
          name="status"
          label={m.merchants_col_status({}, words)}
          allLabel={m.merchants_status_all({}, words)}
          value={status}
          options={MERCHANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
          onChange={(value) => setFilter('status', value)}
        />
        <SelectFilter
          name="licence"
          label={m.merchants_col_licenceState({}, words)}
          allLabel={m.merchants_licence_all({}, words)}
          value={licence}
          options={wordOptions(LICENCE_STATES, LICENCE_STATE_WORDS)}
          onChange={(value) => setFilter('licence', value)}
          // "All licence states" is the widest of the filters' words.
          className="w-44"
        />
        <SelectFilter
          name="credit"
          label={m.merchants_col_creditStars({}, words)}
          allLabel={m.merchants_credit_all({}, words)}
          value={credit}
          options={wordOptions(CREDIT_STAR_FILTERS, CREDIT_STAR_WORDS)}
          onChange={(value) => setFilter('credit', value)}
        />
      </>
    )
  }, [locale, text, setText, setFilter, category, status, licence, credit])
  // The same for the heading's buttons: the export follows the search, not the rows.
  const actions = useMemo(
    () => (
      <div className="flex flex-wrap gap-2">
        <MerchantExportButton params={params} />
        <Button asChild>
          <Link to="/merchant/register" search={{ market: linkMarket }}>
            {plusIcon}
            {m.merchants_register({}, { locale })}
          </Link>
        </Button>
      </div>
    ),
    [locale, params, linkMarket],
  )

  return (
    <ListPage
      title={m.menu_merchant_manage()}
      market={market}
      actions={actions}
      notice={
        sentBack && (
          <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
            {m.merchants_sent_back()}
          </p>
        )
      }
      list={list}
      columnsKey="merchants"
      columns={columns}
      result={result}
      showIndex
      rowKey={(row) => row.id}
      filtered={Boolean(search.q || search.category || search.status || search.licence || search.credit)}
      filters={toolbar}
    />
  )
}
