import { useId } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { GoToPage, type GoToPageLabels } from './go-to-page'

// One element each: the pagination drawn again (every page) leaves its icons alone.
const previousIcon = <ChevronLeft aria-hidden className="size-4" />
const nextIcon = <ChevronRight aria-hidden className="size-4" />

export type PaginationLabels = GoToPageLabels & {
  pagination: string
  previous: string
  next: string
  pageOf: (page: number, pages: number) => string
  total: (total: number) => string
  /** A count that stopped at `total`: more match ("10,000+ in all"). */
  totalAtLeast: (total: number) => string
  pageSize: string
  perPage: (size: number) => string
}

/**
 * Paging by a cursor (a list too large for an offset: the transactions): the page beside this one,
 * either way, and back to the first; no page numbers (a position is a row, not a count of rows above it).
 */
export type CursorPaging = {
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
  /** Back to the first page (the newest rows when newest first); absent: no such button. */
  onFirst?: () => void
  firstLabel?: string
}

type PaginationProps = {
  page: number
  pageSize: number
  /** How many rows the list has; undefined until its first answer (the count is not known yet). */
  total: number | undefined
  /** Counting stopped at `total`: more rows match than the pages reach (narrowing the filters finds them). */
  totalCapped?: boolean
  pageSizes: readonly number[]
  onChange: (page: number, pageSize: number) => void
  labels: PaginationLabels
  /** Page by a cursor instead of page numbers. */
  cursor?: CursorPaging | undefined
}

export function Pagination({
  page,
  pageSize,
  total,
  totalCapped,
  pageSizes,
  onChange,
  labels,
  cursor,
}: PaginationProps) {
  const id = useId()
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize))
  const numbered = (
    <>
      <span className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={labels.previous}
          disabled={page <= 1}
          onClick={() => onChange(page - 1, pageSize)}
        >
          {previousIcon}
        </Button>
        <span className="flex min-w-20 justify-center tabular-nums" aria-live="polite">
          {pages === undefined ? <Skeleton className="h-4 w-14" /> : labels.pageOf(page, pages)}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={labels.next}
          disabled={pages === undefined || page >= pages}
          onClick={() => onChange(page + 1, pageSize)}
        >
          {nextIcon}
        </Button>
      </span>
      {pages !== undefined && pages > 1 && (
        <GoToPage pages={pages} onGo={(next) => onChange(next, pageSize)} labels={labels} />
      )}
    </>
  )
  return (
    <nav
      aria-label={labels.pagination}
      className="flex flex-wrap items-center justify-end gap-3 border-t border-border px-3 py-2.5 text-sm text-muted-foreground"
    >
      {/* Until the count is known, placeholders rather than "0 in all, page 1 of 1". */}
      {total === undefined ? (
        <Skeleton data-testid="pagination-pending" className="h-4 w-16" />
      ) : (
        <span>{totalCapped ? labels.totalAtLeast(total) : labels.total(total)}</span>
      )}
      <span className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {labels.pageSize}
        </label>
        <Select id={id} value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))} className="w-28">
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {labels.perPage(size)}
            </option>
          ))}
        </Select>
      </span>
      {cursor ? <CursorButtons cursor={cursor} labels={labels} /> : numbered}
    </nav>
  )
}

function CursorButtons({ cursor, labels }: { cursor: CursorPaging; labels: PaginationLabels }) {
  return (
    <span className="flex items-center gap-1">
      {cursor.onFirst && (
        <Button variant="outline" size="sm" className="h-8" disabled={!cursor.hasPrevious} onClick={cursor.onFirst}>
          {cursor.firstLabel}
        </Button>
      )}
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={labels.previous}
        disabled={!cursor.hasPrevious}
        onClick={cursor.onPrevious}
      >
        {previousIcon}
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={labels.next}
        disabled={!cursor.hasNext}
        onClick={cursor.onNext}
      >
        {nextIcon}
      </Button>
    </span>
  )
}
