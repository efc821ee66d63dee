import { queryOptions } from '@tanstack/react-query'
import type { PesticideTestSearch } from '@contract/pesticide-tests-list'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'

/** The pesticide-test history's queries, which its route loader shares. */

/** The list's URL state without the switcher's market (contract/pesticide-tests-list.ts). */
export type PesticideTestListSearch = Omit<PesticideTestSearch, 'market'>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
export type PesticideTestListParams = PesticideTestListSearch & { market: string | null }

export const pesticideTestKeys = {
  all: ['pesticide-tests'] as const,
  lists: () => [...pesticideTestKeys.all, 'list'] as const,
  list: (params: PesticideTestListParams) => [...pesticideTestKeys.lists(), params] as const,
}

const apiQuery = ({ market, ...params }: PesticideTestListParams) => ({ ...params, market: market ?? undefined })

export const pesticideTestListQuery = (params: PesticideTestListParams) =>
  queryOptions({
    queryKey: pesticideTestKeys.list(params),
    queryFn: ({ signal }) => api('/pesticide-tests', '$get', { query: apiQuery(params) }, { signal }),
    placeholderData: (previous) => previous,
  })

/** Every test the list's filters match, as CSV, in the list's order. */
export function exportPesticideTests(params: PesticideTestListParams, filename: string): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...query } = apiQuery(params)
  return downloadFile('/pesticide-tests/export', '$get', { query }, filename)
}
