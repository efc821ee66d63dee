import type { AuditEntry } from '@contract/audit'
import { AUDIT_VALUE_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'

/** What the operation log's cells say of an entry's record and values (./audit-list-page.tsx, ./audit-changes.tsx). */

/** The record's name now, or "deleted" for one that is gone. */
export const recordName = (entry: AuditEntry) => entry.record.name ?? m.audit_record_gone()

/** A value as shown: a fixed value by its word (a status, a kind), other text as the server sent it (masked already). */
export function valueText(field: string, value: string | null): string {
  if (value === null || value === '') return m.audit_value_none()
  return Object.hasOwn(AUDIT_VALUE_WORDS, field)
    ? wordFor(AUDIT_VALUE_WORDS[field as keyof typeof AUDIT_VALUE_WORDS], value)
    : value
}
