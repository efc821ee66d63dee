import { queryOptions } from '@tanstack/react-query'
import type { DEVICE_LIST } from '@contract/device-list'
import type { ListSearchOf } from '@contract/list'
import { api } from '@/lib/api-client'

/** The device queries, which route loaders share (mutations live in ./mutations.ts, off the first page). */

/** The list's URL state (contract/device-list.ts). */
export type DeviceSearch = ListSearchOf<typeof DEVICE_LIST>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
export type DeviceListParams = DeviceSearch & { market: string | null }

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (params: DeviceListParams) => [...deviceKeys.lists(), params] as const,
  page: (id: string) => [...deviceKeys.all, 'page', id] as const,
}

export const deviceListQuery = ({ market, ...params }: DeviceListParams) =>
  queryOptions({
    queryKey: deviceKeys.list({ market, ...params }),
    queryFn: ({ signal }) => api('/devices', '$get', { query: { ...params, market: market ?? undefined } }, { signal }),
    placeholderData: (previous) => previous,
  })

/** A device's page (bound or unbound); the page says not-found and failures itself. */
export const devicePageQuery = (id: string) =>
  queryOptions({
    queryKey: deviceKeys.page(id),
    queryFn: ({ signal }) => api('/devices/:id', '$get', { param: { id } }, { signal }),
    meta: { handlesErrors: true },
  })
