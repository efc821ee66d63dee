import {
  AUDIT_FIELD_WORDS,
  AUDIT_ACTION_WORDS,
  AUDIT_AREA_WORDS,
  AUDIT_VALUE_WORDS,
  ROLE_WORDS,
} from '../../contract/words'
import type { AuditChange, AuditEntry } from '../../contract/audit'
import type { AuditExportQuery } from '../../contract/audit-list'
import { formatShanghaiTime } from '../../contract/time'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, translateWord, type Locale, type MessageKey } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { exportAudit } from './queries'

/** The CSV's columns, in order (their headers are `audit_col_<column>`). */
const COLUMNS = ['time', 'actor', 'role', 'area', 'action', 'record', 'record_id', 'market', 'changes'] as const

type WordMap = Readonly<Record<string, Parameters<typeof translateWord>[1]>>
const wordOf = (locale: Locale, words: WordMap, value: string) =>
  Object.hasOwn(words, value) ? translateWord(locale, words[value] as Parameters<typeof translateWord>[1]) : value

/** One change as a line of text: "Phone: 0315-1234567 → 0315-7654321", in the caller's language. */
function changeText(locale: Locale, area: AuditEntry['area'], change: AuditChange): string {
  const field = wordOf(locale, AUDIT_FIELD_WORDS[area], change.field)
  const values: WordMap | undefined = Object.hasOwn(AUDIT_VALUE_WORDS, change.field)
    ? AUDIT_VALUE_WORDS[change.field as keyof typeof AUDIT_VALUE_WORDS]
    : undefined
  const show = (value: string | null) =>
    value === null || value === '' ? '—' : values ? wordOf(locale, values, value) : value
  return `${field}: ${show(change.before)} → ${show(change.after)}`
}

/** The log as CSV in the caller's language: the list's filters, every matching entry, newest first, streamed. */
export function auditCsv(
  deps: Pick<ServerDeps, 'reads'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: AuditExportQuery,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const t = (key: MessageKey) => translate(locale, key)
  const cells = (entry: AuditEntry): CsvValue[] => [
    formatShanghaiTime(entry.at),
    entry.actor ? entry.actor.username : t('audit_actor_system'),
    entry.actor ? wordOf(locale, ROLE_WORDS, String(entry.actor.role)) : '',
    translateWord(locale, AUDIT_AREA_WORDS[entry.area]),
    translateWord(locale, AUDIT_ACTION_WORDS[entry.action]),
    entry.record.name ?? t('audit_record_gone'),
    entry.record.id,
    entry.market?.name ?? '',
    entry.changes.map((change) => changeText(locale, entry.area, change)).join('\n'),
  ]
  async function* batches() {
    // An export may lag a second or two: it reads the replica when one is up (server/db/read-routing.ts).
    for await (const rows of exportAudit({ db: deps.reads.db() }, caller, query)) yield rows.map(cells)
  }
  return csvStream(
    COLUMNS.map((column) => t(`audit_col_${column}`)),
    batches(),
  )
}
