import { Filter } from 'lucide-react'
import { NARROW_BUTTON_CLASS } from './row-classes'

/**
 * A small button beside a name in a row that narrows the list to it (one account, one record, one
 * merchant or device); the list then shows the choice as a `FilterChip`.
 */
export function NarrowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={NARROW_BUTTON_CLASS}>
      <Filter aria-hidden className="size-3.5" />
    </button>
  )
}
