import { useCallback, useMemo } from 'react'
import type { SortOrder } from '@contract/list'
import type { TableSort } from './data-table'
import { useSearchText } from './use-search-text'

/** The search params every list route has (contract/list.ts `listQuery`), plus its own filters. */
export type ListSearch = { page: number; pageSize: number; sort: string; order: SortOrder; q?: string | undefined }

/** Typing waits this long for a pause before it becomes a new URL (and a request). */
export const SEARCH_DELAY_MS = 300

/**
 * A list page's controls bound to its route's search params: search text (debounced, following the
 * URL), filters, sort and page. Every change but paging goes back to page 1. `onSearchChange` merges
 * into the URL, replacing the history entry (docs/decisions.md: one entry per page, not per keystroke).
 */
export function useListSearch<S extends ListSearch>(
  search: S,
  onSearchChange: (next: Partial<S>) => void,
  delayMs = SEARCH_DELAY_MS,
) {
  // The common keys are typed by ListSearch; S may narrow them (pageSize to PAGE_SIZES), which the route's schema checks.
  // Callbacks keep their identity while `onSearchChange` does, so memoised toolbars and pagination stay put.
  const change = useCallback((next: Partial<ListSearch>) => onSearchChange(next as Partial<S>), [onSearchChange])
  const [text, setText] = useSearchText(search.q ?? '', (q) => change({ q, page: 1 }), delayMs)
  const setFilter = useCallback(
    <K extends Exclude<keyof S, keyof ListSearch>>(key: K, value: S[K] | undefined) =>
      change({ [key]: value, page: 1 } as Partial<S>),
    [change],
  )
  const onPageChange = useCallback((page: number, pageSize: number) => change({ page, pageSize }), [change])
  const onSortChange = useCallback(
    ({ id, desc }: TableSort) => change({ sort: id, order: desc ? 'desc' : 'asc', page: 1 }),
    [change],
  )
  const { page, pageSize, sort, order } = search
  return {
    /** The search box's text and its setter (`<SearchBox value={text} onChange={setText} />`). */
    text,
    setText,
    /** Sets one filter (undefined: all) and goes back to page 1. */
    setFilter,
    /** For `<DataTable {...paging} />`. */
    paging: useMemo(() => ({ page, pageSize, onPageChange }), [page, pageSize, onPageChange]),
    /** For `<DataTable {...sorting} />`: the column ids are the list's sort keys. */
    sorting: useMemo(
      () => ({ sort: { id: sort, desc: order === 'desc' } satisfies TableSort, onSortChange }),
      [sort, order, onSortChange],
    ),
  }
}
