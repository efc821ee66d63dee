import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '../db/client'

/** An upload no saved form references is kept this long (someone may still be filling the form in). */
export const UNCLAIMED_FILE_TTL_MS = 24 * 3600_000
/** Files deleted per transaction: up to 5 MB each, and requests are answered between the bites. */
const SWEEP_BATCH = 100

/** Whether the error is PostgreSQL's "could not serialize access" (40001), wrapped or not. */
function serializationFailure(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '40001') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * One bite, in a REPEATABLE READ transaction: a form saved after this transaction's snapshot updated
 * the files it claims (claimFiles), so deleting such a file fails with a serialization error instead
 * of leaving the form pointing at nothing; a form being saved holds its files' rows, which are skipped.
 * A form saved after the delete finds its file gone and is refused with `error_file_not_found`.
 */
async function sweepBatch(db: Database, cutoff: Date, batch: number): Promise<number> {
  return db.transaction(
    async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          with picked as materialized (
            select f.id from files f
            where f.created_at < ${cutoff.toISOString()}::timestamptz
              and not exists (select 1 from markets m where m.business_licence_file_id = f.id)
              and not exists (select 1 from markets m where m.operating_licence_file_id = f.id)
              and not exists (
                select 1 from markets m, jsonb_array_elements_text(m.market_photo_file_ids) as photo(id)
                where photo.id = f.id::text
              )
              and not exists (select 1 from merchants m where m.health_certificate_file_id = f.id)
              and not exists (select 1 from merchants m where m.food_licence_file_id = f.id)
            order by f.created_at
            limit ${batch}
            for update of f skip locked
          )
          delete from files using picked where files.id = picked.id
          returning files.id`),
      )
      return rows.length
    },
    { isolationLevel: 'repeatable read' },
  )
}

/**
 * Deletes uploads that no saved market or merchant references and that were uploaded more than a day
 * before `now` (a picture a form replaced or removed goes too; the audit log keeps its id). Safe with
 * several instances: rows another sweep holds are skipped, and a bite that met a concurrent save or
 * sweep is left for the next run. Answers how many files went.
 */
export async function sweepUnclaimedFiles(db: Database, now: Date, batch = SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCLAIMED_FILE_TTL_MS)
  let total = 0
  for (;;) {
    let gone: number
    try {
      gone = await sweepBatch(db, cutoff, batch)
    } catch (error) {
      if (serializationFailure(error)) return total
      throw error
    }
    total += gone
    if (gone < batch) return total
    // Requests waiting for the database go first (on PGlite they share this process's one thread).
    await new Promise((resolve) => setImmediate(resolve))
  }
}
