import { AUDIT_FIELDS, type AuditAction, type AuditArea, type AuditChange } from '../../contract/audit'
import type { Database } from '../db/client'
import { auditLog } from '../db/schema'
import { maskPersonName, maskPhone } from './masks'

/**
 * The audit trail's one gate (issue 23 §1): every entry is written by `writeAudit` and read back
 * through `displayChanges`, and both pass each value through `displayValue` below, the ONE place that
 * decides what an entry may show. Writing masks before the row is stored; reading masks again, so a
 * rule added here also covers entries written before it (migration 0012 masked the older bank numbers
 * in the table with the same rule).
 */

/** A stored change: display text (or null) before and after. */
type StoredChange = { before: unknown; after: unknown }
type Changes = Record<string, StoredChange>
/** The fields an edit changed, each with its value before and after. */
export type AuditChanges = Changes
type Writer = Pick<Database, 'insert'>

/** Fields that never enter the log, by their name: a password, a secret, a token or a hash of one. */
const SECRET_FIELD = /password|secret|token|hash|pwd/i
/** Bank account numbers: shown as ****1234 (the last four digits tell two apart; the rest stays hidden). */
const BANK_NUMBER_FIELDS = new Set(['bankMerchantNo', 'otherBankNo', 'paymentSubMerchantNo'])
/** ID card numbers: the first three and last four characters (region and check digit), not enough to use. */
const ID_CARD_FIELDS = new Set(['idCardNo'])
/** A complainant's name and number (issue 26 §2): private people, masked as the complaints list masks them. */
const PRIVATE_PHONE_FIELDS = new Set(['complainantContact'])
const PRIVATE_NAME_FIELDS = new Set(['complainantName'])

const maskBankNumber = (text: string) => `****${text.length > 4 ? text.slice(-4) : ''}`
const maskIdCard = (text: string) =>
  text.includes('*') || text.length < 8 ? text : `${text.slice(0, 3)}${'*'.repeat(text.length - 7)}${text.slice(-4)}`

/** A value as an entry shows it: text, masked where its field says so; null for none. */
function displayValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = Array.isArray(value)
    ? value.map(String).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)
  if (text === '') return text
  if (BANK_NUMBER_FIELDS.has(field)) return maskBankNumber(text)
  if (ID_CARD_FIELDS.has(field)) return maskIdCard(text)
  if (PRIVATE_PHONE_FIELDS.has(field)) return maskPhone(text)
  if (PRIVATE_NAME_FIELDS.has(field)) return maskPersonName(text)
  return text
}

/** Whether a field may appear in the log at all. */
const isLoggable = (field: string) => !SECRET_FIELD.test(field)

/** Where a field comes in its area's order (contract/audit.ts); one the area does not list, last. */
function fieldRank(area: string, field: string): number {
  const fields: readonly string[] = Object.hasOwn(AUDIT_FIELDS, area) ? AUDIT_FIELDS[area as AuditArea] : []
  const rank = fields.indexOf(field)
  return rank < 0 ? fields.length : rank
}

/**
 * A stored entry's changes as the API shows them, in the order of the area's form (jsonb keeps keys
 * in its own order); fields that may not be shown are left out.
 */
export function displayChanges(area: string, changes: Changes | null): AuditChange[] {
  return Object.entries(changes ?? {})
    .filter(([field]) => isLoggable(field))
    .sort(([a], [b]) => fieldRank(area, a) - fieldRank(area, b) || a.localeCompare(b))
    .map(([field, change]) => ({
      field,
      before: displayValue(field, change.before),
      after: displayValue(field, change.after),
    }))
}

/** Fields that differ between two versions of a record (only the listed ones). */
export function changedFields<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Changes {
  const changes: Changes = {}
  for (const field of fields) {
    const previous = before?.[field] ?? null
    const next = after[field] ?? null
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[field] = { before: previous, after: next }
  }
  return changes
}

export type AuditRecord = {
  /** The account that did it; null for the system or the command line. */
  actorUk: string | null
  area: AuditArea
  action: AuditAction
  /** The record's id: a market's, merchant's or device's id, an account's uk. */
  recordId: string
  changes?: Changes
  at: Date
}

/**
 * Records a change, in the transaction that made it (pass the transaction: a change that fails leaves
 * no entry, an entry never outlives its change). `marketId` is the record's market, given explicitly:
 * null only for a record of no market (an OFFICIAL's own account). A field that would hold a secret
 * is refused outright: a caller passing one is a bug, not something to drop quietly.
 */
export async function writeAudit(db: Writer, marketId: string | null, entry: AuditRecord): Promise<void> {
  const changes: Record<string, { before: string | null; after: string | null }> = {}
  for (const [field, change] of Object.entries(entry.changes ?? {})) {
    if (!isLoggable(field)) throw new Error(`audit: the field ${field} may not be logged`)
    changes[field] = { before: displayValue(field, change.before), after: displayValue(field, change.after) }
  }
  await db.insert(auditLog).values({ ...entry, marketId, changes: entry.changes ? changes : null })
}
