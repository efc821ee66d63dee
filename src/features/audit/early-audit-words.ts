import {
  AUDIT_ACTION_WORDS,
  AUDIT_AREA_WORDS,
  AUDIT_FIELD_WORDS,
  AUDIT_VALUE_WORDS,
  ROLE_WORDS,
  type WordKey,
} from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor } from '@/lib/words'

/**
 * The words the operation log's early rows use (./early-audit-rows.ts), in the current language: the
 * build writes them into each language's HTML of the page (src/prerender/pages.ts `earlyWords`), so
 * its boot script carries no messages. A message with a name in it keeps its `{placeholder}`.
 */
export type EarlyAuditWords = {
  system: string
  gone: string
  none: string
  changedTo: string
  /** "Show only changes by {account}" */
  byAccount: string
  /** "Show only changes to {record}" */
  byRecord: string
  roles: Record<string, string>
  areas: Record<string, string>
  actions: Record<string, string>
  /** A field's name by area. */
  fields: Record<string, Record<string, string>>
  /** A fixed value's word by field. */
  values: Record<string, Record<string, string>>
}

const said = (words: Readonly<Record<string, WordKey>>) =>
  Object.fromEntries(Object.keys(words).map((value) => [value, wordFor(words, value)]))
const saidEach = (sets: Readonly<Record<string, Readonly<Record<string, WordKey>>>>) =>
  Object.fromEntries(Object.entries(sets).map(([name, words]) => [name, said(words)]))

export const earlyAuditWords = (): EarlyAuditWords => ({
  system: m.audit_actor_system(),
  gone: m.audit_record_gone(),
  none: m.audit_value_none(),
  changedTo: m.audit_changed_to(),
  byAccount: m.audit_filter_account({ account: '{account}' }),
  byRecord: m.audit_filter_record({ record: '{record}' }),
  roles: said(ROLE_WORDS),
  areas: said(AUDIT_AREA_WORDS),
  actions: said(AUDIT_ACTION_WORDS),
  fields: saidEach(AUDIT_FIELD_WORDS),
  values: saidEach(AUDIT_VALUE_WORDS),
})
