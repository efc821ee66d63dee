import { queryOptions } from '@tanstack/react-query'
import type { ListSearchOf } from '@contract/list'
import type { MERCHANT_LIST } from '@contract/merchant-list'
import { api } from '@/lib/api-client'
import { AREA_KEYS } from '@/lib/area-keys'

/** The merchant queries, which route loaders share (mutations live in ./mutations.ts, off the first page). */

/** The list's URL state (contract/merchant-list.ts). */
export type MerchantSearch = ListSearchOf<typeof MERCHANT_LIST>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
export type MerchantListParams = MerchantSearch & { market: string | null }

export const merchantKeys = {
  all: AREA_KEYS.merchants,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (params: MerchantListParams) => [...merchantKeys.lists(), params] as const,
  detail: (id: string) => [...merchantKeys.all, 'detail', id] as const,
  page: (id: string) => [...merchantKeys.all, 'page', id] as const,
  licences: (id: string) => [...merchantKeys.all, 'licences', id] as const,
}

export const merchantListQuery = ({ market, ...params }: MerchantListParams) =>
  queryOptions({
    queryKey: merchantKeys.list({ market, ...params }),
    queryFn: ({ signal }) =>
      api('/merchants', '$get', { query: { ...params, market: market ?? undefined } }, { signal }),
    placeholderData: (previous) => previous,
  })

export const merchantQuery = (id: string) =>
  queryOptions({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) => api('/merchants/:id', '$get', { param: { id } }, { signal }),
  })

/** A merchant's page (read-only, numbers masked, with its devices); the page says not-found and failures itself. */
export const merchantPageQuery = (id: string) =>
  queryOptions({
    queryKey: merchantKeys.page(id),
    queryFn: ({ signal }) => api('/merchants/:id/detail', '$get', { param: { id } }, { signal }),
    meta: { handlesErrors: true },
  })

/** A merchant's two licences with their states (issue 26 §1): its form's values and its page's section. */
export const merchantLicencesQuery = (id: string) =>
  queryOptions({
    queryKey: merchantKeys.licences(id),
    queryFn: ({ signal }) => api('/licences/merchants/:id', '$get', { param: { id } }, { signal }),
  })
