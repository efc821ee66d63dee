import type { Database } from '../db/client'
import { auditLog } from '../db/schema'

type Changes = Record<string, { before: unknown; after: unknown }>
type Writer = Pick<Database, 'insert'>

/** Fields that differ between two versions of a record (only the listed, never a password). */
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

/** Who changed what, when (DESIGN §6). */
export async function writeAudit(
  db: Writer,
  entry: { actorUk: string; action: string; entity: string; entityId: string; changes?: Changes; at: Date },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, changes: entry.changes ?? null })
}
