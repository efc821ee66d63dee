import type { AuditEntry } from '@contract/audit'
import { formatShanghaiTime } from '@contract/time'
import { h, narrowable, type EarlyCell, type EarlyRows } from '@/prerender/boot/early-rows'
import { AUDIT_CELL_CLASS, CHANGES_LIST_CLASS, RECORD_LINK_CLASS } from './audit-classes'
import type { EarlyAuditWords } from './early-audit-words'

/**
 * The operation log's first page as its boot script draws it before the code has arrived (issue 24 §3:
 * a row's changes are the page's largest paint). Each cell is the one ./audit-list-page.tsx's columns
 * draw, in the words the build wrote into the page (./early-audit-words.ts); early-audit-rows.test.tsx
 * holds the two alike, node for node, in both languages.
 */

/** A value's word, or the value as it is (src/lib/words.ts `wordFor`). */
const wordOf = (words: Record<string, string> | undefined, value: string) =>
  words && Object.hasOwn(words, value) ? words[value]! : value

/** ./audit-text.ts `valueText`. */
const valueText = (words: EarlyAuditWords, field: string, value: string | null) =>
  value === null || value === ''
    ? words.none
    : wordOf(Object.hasOwn(words.values, field) ? words.values[field] : undefined, value)

/** Where a record's name leads (./audit-record.tsx); null: its name as text. */
function recordPath({ area, record, market }: AuditEntry): string | null {
  switch (area) {
    case 'market':
      return `/market/${record.id}`
    case 'merchant':
      return `/merchant/${record.id}`
    case 'device':
      return `/device/${record.id}`
    case 'complaint':
      return `/complaint/${record.id}`
    case 'account':
      return market ? `/market/${market.id}` : null
    case 'pesticide_test':
      return null
  }
}

function recordCell(entry: AuditEntry, name: string): EarlyCell {
  if (entry.record.name === null) return h('span', { class: 'text-muted-foreground' }, name)
  const path = recordPath(entry)
  return path ? h('a', { href: path, class: RECORD_LINK_CLASS }, name) : h('span', {}, name)
}

function changesCell({ area, changes }: AuditEntry, words: EarlyAuditWords): EarlyCell {
  if (changes.length === 0) return h('span', { class: 'text-muted-foreground' }, '—')
  const fields = words.fields[area]
  return h(
    'ul',
    { class: CHANGES_LIST_CLASS, 'data-testid': 'audit-changes' },
    ...changes.map((change) =>
      h(
        'li',
        {},
        h('span', { class: 'font-medium' }, wordOf(fields, change.field)),
        ': ',
        h('span', { class: 'text-muted-foreground' }, valueText(words, change.field, change.before)),
        h('span', { 'aria-hidden': 'true', class: 'px-1 text-muted-foreground' }, '→'),
        h('span', { class: 'sr-only' }, ` ${words.changedTo} `),
        h('span', {}, valueText(words, change.field, change.after)),
      ),
    ),
  )
}

/** components/ui/badge.tsx's muted badge. */
const MUTED_BADGE =
  'inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap bg-muted text-muted-foreground'

/** A message's `{placeholder}` filled (a function, so a name's `$&` stays as typed). */
const fill = (message: string, placeholder: string, value: string) => message.replace(placeholder, () => value)

export const EARLY_AUDIT_ROWS: EarlyRows<AuditEntry, EarlyAuditWords> = {
  columnsKey: 'audit',
  meta: { at: { className: AUDIT_CELL_CLASS.at }, changes: { className: AUDIT_CELL_CLASS.changes } },
  cells: (entry, words) => {
    const { actor } = entry
    const record = entry.record.name ?? words.gone
    return {
      at: formatShanghaiTime(entry.at),
      market: entry.market?.name ?? '—',
      actor: actor
        ? narrowable(
            h(
              'span',
              {},
              actor.username,
              h('span', { class: 'ml-1.5 text-xs text-muted-foreground' }, wordOf(words.roles, String(actor.role))),
            ),
            fill(words.byAccount, '{account}', actor.username),
          )
        : h('span', { class: 'text-muted-foreground' }, words.system),
      area: wordOf(words.areas, entry.area),
      action: h('span', { 'data-slot': 'badge', class: MUTED_BADGE }, wordOf(words.actions, entry.action)),
      record: narrowable(recordCell(entry, record), fill(words.byRecord, '{record}', record)),
      changes: changesCell(entry, words),
    }
  },
}
