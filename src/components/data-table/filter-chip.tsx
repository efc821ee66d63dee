import { X } from 'lucide-react'

type FilterChipProps = {
  /** What the filter holds, as the user knows it ("Account: 0314888"). */
  label: string
  /** The remove button's name for screen readers ("Remove filter Account: 0314888"). */
  removeLabel: string
  onRemove: () => void
}

/**
 * A filter that has no control of its own in the toolbar (one record, one account, chosen from a row
 * or arriving in a link): shown while it applies, with a button that removes it.
 */
export function FilterChip({ label, removeLabel, onRemove }: FilterChipProps) {
  return (
    <span className="inline-flex h-8 max-w-full items-center gap-1 rounded border border-primary-3 bg-primary-1 pl-2.5 text-sm text-primary-7">
      <span className="truncate">{label}</span>
      <button
        type="button"
        aria-label={removeLabel}
        title={removeLabel}
        onClick={onRemove}
        className="flex size-8 shrink-0 items-center justify-center rounded hover:bg-primary-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X aria-hidden className="size-3.5" />
      </button>
    </span>
  )
}
