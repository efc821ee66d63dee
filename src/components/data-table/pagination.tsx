import { useId } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'

// One element each: the pagination drawn again (every page) leaves its icons alone.
const previousIcon = <ChevronLeft aria-hidden className="size-4" />
const nextIcon = <ChevronRight aria-hidden className="size-4" />

export type PaginationLabels = {
  pagination: string
  previous: string
  next: string
  pageOf: (page: number, pages: number) => string
  total: (total: number) => string
  pageSize: string
  perPage: (size: number) => string
}

type PaginationProps = {
  page: number
  pageSize: number
  total: number
  pageSizes: readonly number[]
  onChange: (page: number, pageSize: number) => void
  labels: PaginationLabels
}

export function Pagination({ page, pageSize, total, pageSizes, onChange, labels }: PaginationProps) {
  const id = useId()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav
      aria-label={labels.pagination}
      className="flex flex-wrap items-center justify-end gap-3 border-t border-border px-3 py-2.5 text-sm text-muted-foreground"
    >
      <span>{labels.total(total)}</span>
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
        <span className="min-w-20 text-center tabular-nums" aria-live="polite">
          {labels.pageOf(page, pages)}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={labels.next}
          disabled={page >= pages}
          onClick={() => onChange(page + 1, pageSize)}
        >
          {nextIcon}
        </Button>
      </span>
    </nav>
  )
}
