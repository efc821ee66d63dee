import { queryOptions } from '@tanstack/react-query'
import { dateRangeProblem } from '@contract/date-range'
import type { SortOrder } from '@contract/list'
import type {
  PlatformStatement,
  PlatformStatementSort,
  PlatformStatementWhole,
  StatementSearch,
} from '@contract/statements'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

/**
 * The statements' queries (contract/statements.ts), which the route loaders share. `market` is the
 * market in scope (null: the platform's statement, OFFICIAL only); days as the URL says them (absent:
 * today, decided by the server's clock).
 */

export type StatementDays = Pick<StatementSearch, 'from' | 'to'>
export type StatementFormat = 'csv' | 'xlsx'

const statementKeys = {
  all: ['statements'] as const,
  market: (market: string, days: StatementDays) => [...statementKeys.all, 'market', market, days] as const,
  platform: (days: StatementDays, paging: PlatformPaging) => [...statementKeys.all, 'platform', days, paging] as const,
  platformWhole: (days: StatementDays) => [...statementKeys.all, 'platform', days, 'whole'] as const,
  merchant: (merchantId: string, days: StatementDays) => [...statementKeys.all, 'merchant', merchantId, days] as const,
}

const daysQuery = ({ from, to }: StatementDays) => ({ from, to })

/**
 * Days the API refuses (out of order, more than 31) are not asked for: the days' filter says what is
 * wrong, once, and the page shows no statement; a loader's prefetch of them fails without a toast.
 */
export const statementDaysAsked = (days: StatementDays) => dateRangeProblem(days) === null
const refusedDays = (days: StatementDays) =>
  statementDaysAsked(days) ? { enabled: true } : { enabled: false, meta: { handlesErrors: true } }

export const marketStatementQuery = (market: string, days: StatementDays) =>
  queryOptions({
    queryKey: statementKeys.market(market, days),
    ...refusedDays(days),
    queryFn: ({ signal }) => api('/statements/market', '$get', { query: { market, ...daysQuery(days) } }, { signal }),
  })

/** A page of the platform's markets (the server pages them: 1,000 markets and more). */
export type PlatformPaging = { page: number; pageSize: number; sort: PlatformStatementSort; order: SortOrder }
/** The platform's first page, as the page opens (the route's loader starts it). */
export const FIRST_PLATFORM_PAGE: PlatformPaging = { page: 1, pageSize: 50, sort: 'name', order: 'asc' }

export const platformStatementQuery = (days: StatementDays, paging: PlatformPaging = FIRST_PLATFORM_PAGE) =>
  queryOptions({
    queryKey: statementKeys.platform(days, paging),
    ...refusedDays(days),
    queryFn: ({ signal }) =>
      api('/statements/platform', '$get', { query: { ...daysQuery(days), ...paging } }, { signal }),
    placeholderData: (previous) => previous,
  })

/** Every market at once, page by page (the print view holds them all). */
export const platformStatementWholeQuery = (days: StatementDays) =>
  queryOptions({
    queryKey: statementKeys.platformWhole(days),
    ...refusedDays(days),
    queryFn: async ({ signal }): Promise<PlatformStatementWhole> => {
      const pages: PlatformStatement[] = []
      for (let page = 1; page === 1 || (pages.at(-1)?.list.length ?? 0) === 100; page++)
        pages.push(
          await api(
            '/statements/platform',
            '$get',
            { query: { ...daysQuery(days), ...FIRST_PLATFORM_PAGE, page, pageSize: 100 } },
            { signal },
          ),
        )
      const [first] = pages as [PlatformStatement]
      return { from: first.from, to: first.to, totals: first.totals, markets: pages.flatMap((one) => one.list) }
    },
  })

export const merchantStatementQuery = (merchantId: string, days: StatementDays) =>
  queryOptions({
    queryKey: statementKeys.merchant(merchantId, days),
    ...refusedDays(days),
    queryFn: ({ signal }) =>
      api('/statements/merchant/:id', '$get', { param: { id: merchantId }, query: daysQuery(days) }, { signal }),
  })

const fileName = (stem: string, { from, to }: StatementDays, format: StatementFormat) =>
  `${stem}-${from ?? 'today'}${to && to !== from ? `-${to}` : ''}.${format}`

/** Downloads a statement as CSV or Excel: the market's, or the platform's when `market` is null. */
export function downloadStatement(market: string | null, days: StatementDays, format: StatementFormat) {
  if (market === null)
    return downloadFile(
      '/statements/platform/export',
      '$get',
      { query: { ...daysQuery(days), format } },
      fileName('platform-statement', days, format),
    )
  return downloadFile(
    '/statements/market/export',
    '$get',
    { query: { market, ...daysQuery(days), format } },
    fileName('statement', days, format),
  )
}

export function downloadMerchantStatement(merchantId: string, days: StatementDays, format: StatementFormat) {
  return downloadFile(
    '/statements/merchant/:id/export',
    '$get',
    { param: { id: merchantId }, query: { ...daysQuery(days), format } },
    fileName('merchant-statement', days, format),
  )
}
