import { asc, gt, inArray, sql } from 'drizzle-orm'
import { MERCHANT_LICENCE_KINDS } from '../../contract/licences'
import { licenceState, worstLicenceState } from '../../contract/licence-state'
import type { Database } from '../db/client'
import { licences, merchants } from '../db/schema'

/**
 * Each merchant's stored worst state, brought up to the calendar (states change with the day alone):
 * merchants read in batches by id, their licences with them, the state computed by the contract's one
 * function, and only the rows whose state changed written, in one statement per batch. No batch holds
 * a lock for long, so the list and the forms go on while it runs.
 */

const BATCH = 2_000

/** Answers how many merchants changed state; returns early (work half done is still right) when stopped. */
export async function refreshLicenceStates(db: Database, today: string, stopped: () => boolean): Promise<number> {
  let after: string | null = null
  let changed = 0
  for (;;) {
    if (stopped()) return changed
    const batch: { id: string; state: string }[] = await db
      .select({ id: merchants.id, state: merchants.licenceState })
      .from(merchants)
      .where(after ? gt(merchants.id, after) : undefined)
      .orderBy(asc(merchants.id))
      .limit(BATCH)
    if (batch.length === 0) return changed
    const held = await db
      .select({ merchantId: licences.merchantId, kind: licences.kind, validUntil: licences.validUntil })
      .from(licences)
      .where(
        inArray(
          licences.merchantId,
          batch.map((row) => row.id),
        ),
      )
    const until = new Map(held.map((row) => [`${row.merchantId}:${row.kind}`, row.validUntil]))
    const updates = batch.flatMap(({ id, state }) => {
      const now = worstLicenceState(
        MERCHANT_LICENCE_KINDS.map((kind) => licenceState(until.get(`${id}:${kind}`), today)),
      )
      return now === state ? [] : [{ id, state: now }]
    })
    if (updates.length > 0) {
      const values = sql.join(
        updates.map((row) => sql`(${row.id}::uuid, ${row.state})`),
        sql`, `,
      )
      await db.execute(
        sql`update ${merchants} set licence_state = v.state from (values ${values}) as v(id, state) where ${merchants.id} = v.id`,
      )
      changed += updates.length
    }
    after = (batch[batch.length - 1] as { id: string }).id
    if (batch.length < BATCH) return changed
  }
}
