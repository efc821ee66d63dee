import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { LicenceFields, LicenceKind, MarketLicences, MerchantLicences } from '../../contract/licences'
import { MERCHANT_LICENCE_KINDS } from '../../contract/licences'
import { licenceState, worstLicenceState } from '../../contract/licence-state'
import type { Transaction } from '../db/client'
import { licences, merchants } from '../db/schema'

/**
 * Writing a holder's licences, in the transaction of the form that carries them: each kind given is
 * inserted or replaced, each given as null removed; a merchant's stored worst state follows at once.
 * Answers the audit's changes (a licence shown as one line of text).
 */

type Writer = Pick<Transaction, 'select' | 'insert' | 'update' | 'delete'>
export type LicenceChanges = Partial<Record<LicenceKind, { before: string | null; after: string | null }>>

/** A licence as one audit line: "No. 4401, Tianhe health bureau, 2026-01-01 – 2027-01-01". */
const auditLine = (licence: LicenceFields | null) =>
  licence ? `${licence.number}, ${licence.authority}, ${licence.validFrom} – ${licence.validUntil}` : null

type Holder = { marketId: string; merchantId: string | null }

async function writeHolder(
  tx: Writer,
  holder: Holder,
  given: Partial<Record<LicenceKind, LicenceFields | null>>,
  at: Date,
): Promise<LicenceChanges> {
  const kinds = Object.keys(given) as LicenceKind[]
  if (kinds.length === 0) return {}
  const owner = holder.merchantId
    ? eq(licences.merchantId, holder.merchantId)
    : and(eq(licences.marketId, holder.marketId), isNull(licences.merchantId))
  // Locked, so two edits at once read and replace one after the other (the audit's "before" is true).
  const stored = await tx
    .select()
    .from(licences)
    .where(and(owner, inArray(licences.kind, kinds)))
    .for('update')
  const changes: LicenceChanges = {}
  for (const kind of kinds) {
    const next = given[kind] ?? null
    const before = stored.find((row) => row.kind === kind) ?? null
    const beforeLine = auditLine(before)
    const afterLine = auditLine(next)
    if (beforeLine === afterLine) continue
    changes[kind] = { before: beforeLine, after: afterLine }
    if (!next) {
      if (before) await tx.delete(licences).where(eq(licences.id, before.id))
      continue
    }
    await tx
      .insert(licences)
      .values({ ...holder, kind, ...next, updatedAt: at })
      .onConflictDoUpdate({
        target: holder.merchantId ? [licences.merchantId, licences.kind] : [licences.marketId, licences.kind],
        targetWhere: holder.merchantId ? sql`merchant_id is not null` : sql`merchant_id is null`,
        set: { ...next, updatedAt: at },
      })
  }
  return changes
}

/** Stores a merchant's worst state from its licences as they now are (today: the Shanghai day). */
async function refreshMerchantState(tx: Writer, merchantId: string, today: string): Promise<void> {
  const rows = await tx
    .select({ kind: licences.kind, validUntil: licences.validUntil })
    .from(licences)
    .where(eq(licences.merchantId, merchantId))
  const state = worstLicenceState(
    MERCHANT_LICENCE_KINDS.map((kind) => licenceState(rows.find((row) => row.kind === kind)?.validUntil, today)),
  )
  await tx.update(merchants).set({ licenceState: state }).where(eq(merchants.id, merchantId))
}

/** A merchant's licences from its form (those it names; `undefined` leaves all as they are). */
export async function writeMerchantLicences(
  tx: Writer,
  input: { marketId: string; merchantId: string; licences: MerchantLicences | undefined; today: string; at: Date },
): Promise<LicenceChanges> {
  if (!input.licences) return {}
  // The merchant's row first: two writes of its two licences at once then compute its state in turn.
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId)).for('update')
  const changes = await writeHolder(
    tx,
    { marketId: input.marketId, merchantId: input.merchantId },
    input.licences,
    input.at,
  )
  if (Object.keys(changes).length > 0) await refreshMerchantState(tx, input.merchantId, input.today)
  return changes
}

/** A market's own licences from its form. */
export async function writeMarketLicences(
  tx: Writer,
  input: { marketId: string; licences: MarketLicences | undefined; at: Date },
): Promise<LicenceChanges> {
  if (!input.licences) return {}
  return writeHolder(tx, { marketId: input.marketId, merchantId: null }, input.licences, input.at)
}
