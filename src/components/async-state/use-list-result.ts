import { useState } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'

/** A list endpoint's answer; `totalCapped`: counting stopped at `total`, and more rows match. */
type Page<Row> = { list: Row[]; total: number; totalCapped?: boolean }

/** What a list shows, and whether it is the answer to what is asked now. */
export type ListResult<Row> = {
  /** The rows to show: the current answer, or the previous one (then `stale` says why). */
  rows: Row[] | undefined
  total: number
  /** Counting stopped at `total` (a list too long to count at once): more rows match. */
  totalCapped?: boolean
  /** The current request: no answer yet, failed, or answered. */
  status: 'pending' | 'error' | 'success'
  /** The rows are an earlier request's, shown while the current one `loading`, or after it `failed`. */
  stale: 'loading' | 'failed' | null
  error: unknown
  /** A background refresh of the rows shown. */
  fetching: boolean
  retry: () => void
}

/**
 * A list query as a list shows it. TanStack Query's `placeholderData` keeps the previous page while a
 * new one loads, and drops it when that fails; here the last answer stays in both cases, always
 * marked stale, so old rows are never passed off as the answer to a new search.
 */
export function useListResult<Row>(query: UseQueryResult<Page<Row>>): ListResult<Row> {
  const [lastAnswer, setLastAnswer] = useState<Page<Row> | undefined>(undefined)
  const answered = query.isSuccess && !query.isPlaceholderData ? query.data : undefined
  if (answered && answered !== lastAnswer) setLastAnswer(answered)

  const retry = () => void query.refetch()
  if (answered)
    return {
      rows: answered.list,
      total: answered.total,
      totalCapped: answered.totalCapped === true,
      status: 'success',
      stale: null,
      error: null,
      fetching: query.isFetching,
      retry,
    }
  const previous = query.data ?? lastAnswer
  const failed = query.isError
  return {
    rows: previous?.list,
    total: previous?.total ?? 0,
    totalCapped: previous?.totalCapped === true,
    status: failed ? 'error' : 'pending',
    stale: previous ? (failed ? 'failed' : 'loading') : null,
    error: query.error,
    fetching: query.isFetching,
    retry,
  }
}
