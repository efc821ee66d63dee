import { AlarmClock } from 'lucide-react'
import type { ComplaintState } from '@contract/complaint-list'
import { COMPLAINT_STATE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'
import { Badge } from '@/components/ui/badge'

/** Open complaints in the primary colour, a resolved one in green, a withdrawn one grey. */
const STATE_VARIANTS = {
  received: 'default',
  handling: 'default',
  resolved: 'success',
  withdrawn: 'muted',
} as const satisfies Record<ComplaintState, 'default' | 'success' | 'muted'>

export function ComplaintStateBadge({ state }: { state: ComplaintState }) {
  return <Badge variant={STATE_VARIANTS[state]}>{wordFor(COMPLAINT_STATE_WORDS, state)}</Badge>
}

/**
 * Said in words and with an icon, not by colour alone (the row's tint is not read out); solid, so it
 * stands out on the overdue row's own tint in both themes.
 */
export function OverdueBadge() {
  return (
    <Badge variant="danger" className="bg-danger text-danger-foreground" data-testid="complaint-overdue">
      <AlarmClock aria-hidden className="size-3.5" />
      {m.complaints_overdue()}
    </Badge>
  )
}
