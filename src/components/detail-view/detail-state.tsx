import type { ReactNode } from 'react'
import { SearchX } from 'lucide-react'
import { ApiCode } from '@contract/api'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { AsyncState } from '@/components/async-state/async-state'
import { Skeleton } from '@/components/ui/skeleton'

/** What a record's page reads: a query's state, as TanStack Query reports it. */
type RecordRead<T> = {
  data: T | undefined
  error: unknown
  isPending: boolean
  refetch: () => unknown
}

type DetailStateProps<T> = {
  read: RecordRead<T>
  /** Said when there is no such record in the caller's scope (or the address names none). */
  notFoundText: string
  /** The way back from a record that is not there: a link to its list. */
  back: ReactNode
  children: (record: T) => ReactNode
}

/** The server's not-found: an unknown id, another market's, or text that is no id at all. */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.code === ApiCode.NOT_FOUND

/**
 * A record's page while it loads (a skeleton of the page), when it is not there (said, with the way
 * back), when reading it failed (the kind of failure and a retry), and once it is read.
 */
export function DetailState<T>({ read, notFoundText, back, children }: DetailStateProps<T>) {
  if (read.data !== undefined) return children(read.data)
  if (read.isPending) return <AsyncState state="loading" skeleton={<DetailSkeleton />} onRetry={read.refetch} />
  if (isNotFound(read.error))
    return (
      <section className="flex flex-col items-center gap-3 px-4 py-16 text-center" data-state="not-found">
        <SearchX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-lg font-semibold">{notFoundText}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{m.detail_not_found_description()}</p>
        {back}
      </section>
    )
  return <AsyncState state="error" error={read.error} onRetry={() => void read.refetch()} />
}

/** The page's shape while it loads: a heading and two sections of rows. */
function DetailSkeleton() {
  return (
    <div className="space-y-4" data-testid="detail-skeleton">
      <Skeleton className="h-7 w-56" />
      {[6, 4].map((rows, section) => (
        <div key={section} className="space-y-3 rounded-lg border border-border bg-card p-5">
          <Skeleton className="h-5 w-32" />
          <div className="grid gap-3 sm:grid-cols-2">
            {Array.from({ length: rows }, (_, row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  )
}
