import type { AuditArea, AuditChange } from '@contract/audit'
import { AUDIT_FIELD_WORDS, AUDIT_VALUE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'

/** A value as shown: a fixed value by its word (a status, a kind), other text as the server sent it (masked already). */
function valueText(field: string, value: string | null): string {
  if (value === null || value === '') return m.audit_value_none()
  return Object.hasOwn(AUDIT_VALUE_WORDS, field)
    ? wordFor(AUDIT_VALUE_WORDS[field as keyof typeof AUDIT_VALUE_WORDS], value)
    : value
}

/**
 * An entry's changes, one line each: the field's name in the current language, then before -> after.
 * The arrow is read out as words; an entry that changed no field (a freeze, a secret rotated) shows a dash.
 */
export function AuditChanges({ area, changes }: { area: AuditArea; changes: readonly AuditChange[] }) {
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>
  const fields = AUDIT_FIELD_WORDS[area]
  return (
    // Wraps within its column (the table's cells keep to one line); a long note or address never widens the table.
    <ul className="max-w-md min-w-64 space-y-0.5 text-left break-words whitespace-normal" data-testid="audit-changes">
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
