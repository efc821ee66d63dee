import { queryOptions } from '@tanstack/react-query'
import { dateRangeProblem } from '@contract/date-range'
import type { TransactionSearch } from '@contract/transactions-list'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

/** The transactions' queries, which their route loaders share. */

/** The list's URL state without the switcher's market (contract/transactions-list.ts). */
export type TransactionListSearch = Omit<TransactionSearch, 'market'>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
export type TransactionListParams = TransactionListSearch & { market: string | null }

const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (params: TransactionListParams) => [...transactionKeys.lists(), params] as const,
  page: (id: string) => [...transactionKeys.all, 'page', id] as const,
}

/** The API's query from the URL's: the page number is the route's only (the API pages by cursor). */
const apiQuery = ({ market, page: _page, ...params }: TransactionListParams) => ({
  ...params,
  market: market ?? undefined,
})

/**
 * The list's page. Days the API refuses (out of order, more than 31) are not asked for: the days'
 * filter says what is wrong, once; a loader's prefetch of them fails without a toast.
 */
export const transactionListQuery = (params: TransactionListParams) => {
  const refused = dateRangeProblem(params) !== null
  return queryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) => api('/transactions', '$get', { query: apiQuery(params) }, { signal }),
    placeholderData: (previous) => previous,
    enabled: !refused,
    ...(refused ? { meta: { handlesErrors: true } } : {}),
  })
}

/** A transaction's page; the page says not-found and failures itself. */
export const transactionPageQuery = (id: string) =>
  queryOptions({
    queryKey: transactionKeys.page(id),
    queryFn: ({ signal }) => api('/transactions/:id', '$get', { param: { id } }, { signal }),
    meta: { handlesErrors: true },
  })

/** Every row the list's filters match, as CSV, in the list's order. */
export function exportTransactions(params: TransactionListParams, filename: string): Promise<void> {
  const { after: _after, before: _before, at: _at, pageSize: _pageSize, ...query } = apiQuery(params)
  return downloadFile('/transactions/export', '$get', { query }, filename)
}
