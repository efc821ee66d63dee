import { queryOptions } from '@tanstack/react-query'
import type { ComplaintListSearchSchema } from '@contract/complaint-list'
import { shanghaiToday } from '@contract/time'
import type * as v from 'valibot'
import { api } from '@/lib/api-client'
import { downloadFile } from '@/lib/download'
import { AREA_KEYS } from '@/lib/area-keys'

/** The complaints' queries, which their route loaders share (mutations live in ./mutations.ts, off the first page). */

/** The list's URL state without the switcher's market (contract/complaint-list.ts). */
export type ComplaintListSearch = Omit<v.InferOutput<typeof ComplaintListSearchSchema>, 'market'>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
type ComplaintListParams = ComplaintListSearch & { market: string | null }

export const complaintKeys = {
  all: AREA_KEYS.complaints,
  lists: () => [...complaintKeys.all, 'list'] as const,
  list: (params: ComplaintListParams) => [...complaintKeys.lists(), params] as const,
  page: (id: string) => [...complaintKeys.all, 'page', id] as const,
}

const apiQuery = ({ market, ...params }: ComplaintListParams) => ({ ...params, market: market ?? undefined })

export const complaintListQuery = (params: ComplaintListParams) =>
  queryOptions({
    queryKey: complaintKeys.list(params),
    queryFn: ({ signal }) => api('/complaints', '$get', { query: apiQuery(params) }, { signal }),
    placeholderData: (previous) => previous,
  })

/** A complaint's page with its history; the page says not-found and failures itself. */
export const complaintPageQuery = (id: string) =>
  queryOptions({
    queryKey: complaintKeys.page(id),
    queryFn: ({ signal }) => api('/complaints/:id', '$get', { param: { id } }, { signal }),
    meta: { handlesErrors: true },
  })

/** Every complaint the list's filters match, as CSV, in the list's order (not just the page shown). */
export function exportComplaints(params: ComplaintListParams): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...query } = apiQuery(params)
  return downloadFile('/complaints/export', '$get', { query }, `complaints-${shanghaiToday()}.csv`)
}
