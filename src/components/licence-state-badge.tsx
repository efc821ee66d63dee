import type { LicenceState } from '@contract/licence-state'
import { LICENCE_STATE_WORDS } from '@contract/words'
import { wordFor } from '@/lib/words'
import { Badge } from '@/components/ui/badge'

/**
 * A licence state as a badge (issue 26 §1), the same on the merchant list, a merchant's and a market's
 * page and the Workplace: expired and missing in the danger colour, expiring in the primary one, valid
 * in the success one. The word says it, the colour only repeats it.
 */
const VARIANTS = {
  expired: 'danger',
  missing: 'danger',
  expiring: 'default',
  valid: 'success',
} as const satisfies Record<LicenceState, 'danger' | 'default' | 'success'>

export function LicenceStateBadge({ state }: { state: LicenceState }) {
  return (
    <Badge variant={VARIANTS[state]} data-licence-state={state}>
      {wordFor(LICENCE_STATE_WORDS, state)}
    </Badge>
  )
}
