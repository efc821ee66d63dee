import type { HolderLicences } from '@contract/licences'
import { LICENCE_KIND_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'
import { LicenceStateBadge } from './licence-state-badge'

/**
 * A merchant's or a market's licences on its page (issue 26 §1): each kind with its state, number,
 * authority and days; the grace's last day when a merchant's market still gives one. Loading: nothing
 * (the page's other sections are there already).
 */
export function HolderLicencesList({ held }: { held: HolderLicences | undefined }) {
  if (!held) return null
  return (
    <div className="space-y-2" data-testid="holder-licences">
      <ul className="divide-y divide-border">
        {held.licences.map(({ kind, state, licence }) => (
          <li key={kind} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-kind={kind}>
            <span className="font-medium">{wordFor(LICENCE_KIND_WORDS, kind)}</span>
            <LicenceStateBadge state={state} />
            {licence ? (
              <span className="text-muted-foreground tabular-nums">
                {licence.number} · {licence.authority} · {licence.validFrom} – {licence.validUntil}
              </span>
            ) : (
              <span className="text-muted-foreground">{m.licences_none_entered()}</span>
            )}
          </li>
        ))}
      </ul>
      {held.graceUntil && held.state === 'missing' && (
        <p className="text-sm text-muted-foreground">{m.licences_grace_until({ until: held.graceUntil })}</p>
      )}
    </div>
  )
}
