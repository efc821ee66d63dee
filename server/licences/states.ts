import { and, asc, between, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import { MERCHANT_LICENCE_KINDS } from '../../contract/licences'
import { EXPIRING_DAYS, licenceState, worstLicenceState, type LicenceState } from '../../contract/licence-state'
import { addDays } from '../../contract/time'
import type { Database } from '../db/client'
import { licences, merchants } from '../db/schema'
import { pacer } from '../lib/pace'

/**
 * Each merchant's stored worst state, brought up to the calendar (states change with the day alone),
 * in chunks of a few hundred merchants, paced (server/lib/pace.ts) so the requests arriving meanwhile
 * keep their times: a chunk reads its merchants' states and licences without a lock, computes each
 * state by the contract's one function, and only for those that moved, a hundred at a time, locks
 * their rows (in id order, as the forms and the credit recompute do), reads their licences again and
 * writes the states still wrong, in one short transaction. A licence written on the merchant's form meanwhile (under the
 * same row's lock) is then never overwritten by a state computed before it.
 *
 * Every merchant when `full` (the first run, or when yesterday's run did not bring the states up to
 * yesterday); otherwise only those the calendar can have moved since: a licence whose last valid day
 * passed in the last days (expiring turns expired) or whose 30 days began in them (valid turns
 * expiring), read by licences_valid_until_idx. A write keeps its own merchant's state, so nothing else
 * changes overnight.
 */

/** Merchants read a chunk (ids, their states and licences). */
const CHUNK = 500
/** Merchants whose state moved, written a transaction. */
const WRITE_CHUNK = 100
/**
 * Days of the calendar's moves an ordinary day looks at: yesterday's, and one more against a clock a
 * little off at midnight.
 */
const LOOK_BACK_DAYS = 2

type Held = { id: string; state: string; kind: string | null; validUntil: string | null }

/** The merchants' stored states and licences, one row a licence (a merchant with none: one row of nulls). */
const heldBy = (db: Database, ids: string[]) =>
  db
    .select({ id: merchants.id, state: merchants.licenceState, kind: licences.kind, validUntil: licences.validUntil })
    .from(merchants)
    .leftJoin(licences, eq(licences.merchantId, merchants.id))
    .where(inArray(merchants.id, ids))

/** The merchants whose stored state is not the one their licences give today, with that state. */
function moved(rows: Held[], today: string): Map<string, LicenceState> {
  const byMerchant = new Map<string, { state: string; until: Map<string, string> }>()
  for (const row of rows) {
    const merchant = byMerchant.get(row.id) ?? { state: row.state, until: new Map<string, string>() }
    if (row.kind && row.validUntil) merchant.until.set(row.kind, row.validUntil)
    byMerchant.set(row.id, merchant)
  }
  const changed = new Map<string, LicenceState>()
  for (const [id, { state, until }] of byMerchant) {
    const now = worstLicenceState(MERCHANT_LICENCE_KINDS.map((kind) => licenceState(until.get(kind), today)))
    if (now !== state) changed.set(id, now)
  }
  return changed
}

/** Locks these merchants, reads their licences again and writes the states still wrong, in one transaction. */
function writeMoved(db: Database, ids: string[], today: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(inArray(merchants.id, ids))
      .orderBy(asc(merchants.id))
      .for('update')
    // Read again under the locks: a form's write committed since is what counts.
    const updates = [...moved(await heldBy(tx, ids), today)]
    if (updates.length === 0) return 0
    const values = sql.join(
      updates.map(([id, state]) => sql`(${id}::uuid, ${state})`),
      sql`, `,
    )
    await tx.execute(
      sql`update ${merchants} set licence_state = v.state from (values ${values}) as v(id, state) where ${merchants.id} = v.id`,
    )
    return updates.length
  })
}

/**
 * Brings these merchants' states up to `today`, the moved ones written WRITE_CHUNK at a time (a row of
 * merchants updates twenty indexes: 400 rows took 220 ms in one statement); answers how many changed.
 */
async function refreshChunk(db: Database, ids: string[], today: string, pause: () => Promise<void>) {
  const candidates = [...moved(await heldBy(db, ids), today).keys()].sort()
  let changed = 0
  for (let at = 0; at < candidates.length; at += WRITE_CHUNK) {
    await pause()
    changed += await writeMoved(db, candidates.slice(at, at + WRITE_CHUNK), today)
  }
  return changed
}

/** Every merchant's id, a chunk at a time in id order. */
async function* everyMerchant(db: Database): AsyncGenerator<string[]> {
  let after: string | null = null
  for (;;) {
    const rows: { id: string }[] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(after ? gt(merchants.id, after) : undefined)
      .orderBy(asc(merchants.id))
      .limit(CHUNK)
    if (rows.length > 0) yield rows.map((row) => row.id)
    if (rows.length < CHUNK) return
    after = (rows[rows.length - 1] as { id: string }).id
  }
}

/**
 * The merchants holding a licence whose last valid day is within [from, to], a chunk at a time in the
 * index's order (valid_until, id): one range read once, whatever the number of chunks.
 */
async function* holdersEnding(db: Database, from: string, to: string): AsyncGenerator<string[]> {
  let after: { validUntil: string; id: string } | null = null
  for (;;) {
    const rows: { id: string; merchantId: string | null; validUntil: string }[] = await db
      .select({ id: licences.id, merchantId: licences.merchantId, validUntil: licences.validUntil })
      .from(licences)
      .where(
        and(
          isNotNull(licences.merchantId),
          between(licences.validUntil, after?.validUntil ?? from, to),
          after
            ? sql`(${licences.validUntil}, ${licences.id}) > (${after.validUntil}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(licences.validUntil), asc(licences.id))
      .limit(CHUNK)
    if (rows.length > 0) yield [...new Set(rows.flatMap((row) => (row.merchantId ? [row.merchantId] : [])))]
    if (rows.length < CHUNK) return
    after = rows[rows.length - 1] as { validUntil: string; id: string }
  }
}

/** Answers how many merchants changed state; returns early (work half done is still right) when stopped. */
export async function refreshLicenceStates(
  db: Database,
  today: string,
  stopped: () => boolean,
  full = true,
): Promise<number> {
  const pause = pacer()
  const chunks = full
    ? [everyMerchant(db)]
    : [
        // Ended in the last days: expiring turned expired.
        holdersEnding(db, addDays(today, -LOOK_BACK_DAYS), addDays(today, -1)),
        // Their 30 days began in the last days: valid turned expiring.
        holdersEnding(db, addDays(today, EXPIRING_DAYS - LOOK_BACK_DAYS + 1), addDays(today, EXPIRING_DAYS)),
      ]
  let changed = 0
  for (const source of chunks)
    for await (const ids of source) {
      if (stopped()) return changed
      await pause()
      changed += await refreshChunk(db, ids, today, pause)
    }
  return changed
}
