import { queryOptions } from '@tanstack/react-query'
import type { AuditSearch } from '@contract/audit-list'
import { api } from '@/lib/api-client'

/** The operation log's queries, which its route loader shares. */

/** The list's URL state without the switcher's market (contract/audit-list.ts). */
export type AuditListSearch = Omit<AuditSearch, 'market'>
/** What the list endpoint takes: the URL state and the market in scope (null: all markets). */
export type AuditListParams = AuditListSearch & { market: string | null }

const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: AuditListParams) => [...auditKeys.lists(), params] as const,
}

export const auditListQuery = ({ market, ...params }: AuditListParams) =>
  queryOptions({
    queryKey: auditKeys.list({ market, ...params }),
    queryFn: ({ signal }) => api('/audit', '$get', { query: { ...params, market: market ?? undefined } }, { signal }),
    placeholderData: (previous) => previous,
  })
