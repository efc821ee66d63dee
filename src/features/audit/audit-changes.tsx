import type { AuditArea, AuditChange } from '@contract/audit'
import { AUDIT_FIELD_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'
import { CHANGES_LIST_CLASS } from './audit-classes'
import { valueText } from './audit-text'

/**
 * An entry's changes, one line each: the field's name in the current language, then before -> after.
 * The arrow is read out as words; an entry that changed no field (a freeze, a secret rotated) shows a dash.
 */
export function AuditChanges({ area, changes }: { area: AuditArea; changes: readonly AuditChange[] }) {
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>
  const fields = AUDIT_FIELD_WORDS[area]
  return (
    <ul className={CHANGES_LIST_CLASS} data-testid="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{wordFor(fields, change.field)}</span>
          {': '}
          <span className="text-muted-foreground">{valueText(change.field, change.before)}</span>
          <span aria-hidden className="px-1 text-muted-foreground">
            →
          </span>
          <span className="sr-only"> {m.audit_changed_to()} </span>
          <span>{valueText(change.field, change.after)}</span>
        </li>
      ))}
    </ul>
  )
}
