import { Filter } from 'lucide-react'

/**
 * A small button beside a name in a row that narrows the list to it (one account, one record, one
 * merchant or device); the list then shows the choice as a `FilterChip`.
 */
export function NarrowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Filter aria-hidden className="size-3.5" />
    </button>
  )
}
