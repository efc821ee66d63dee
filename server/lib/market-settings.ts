import { eq, getTableColumns } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { ApiCode } from '../../contract/api'
import type { Database, Transaction } from '../db/client'
import { markets } from '../db/schema'
import { writeAudit, type AuditChanges } from './audit'
import { ApiError } from './errors'
import { isInScope, marketScope } from './scope'
import type { ServerDeps, SessionUser } from './types'

/**
 * The market's own settings (its page's sections beside the form: the rules, the credit weights):
 * its own operator reads and sets them, OFFICIAL any market's. One piece so every setting checks the
 * scope, locks and audits the same way.
 */

type MarketRow = typeof markets.$inferSelect
type MarketValues = Partial<typeof markets.$inferInsert>
type SettingField = keyof MarketRow
const marketColumns = getTableColumns(markets)

/** Another market's id, for an operator, is one it cannot see: not found, as an unknown one. */
function assertMarketInScope(caller: SessionUser, id: string) {
  if (!isInScope(marketScope(caller), id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
}

function settingColumns<K extends SettingField>(fields: readonly K[]): Record<K, PgColumn> {
  const columns = {} as Record<K, PgColumn>
  for (const field of fields) columns[field] = marketColumns[field]
  return columns
}

async function readRow<K extends SettingField>(
  reader: Pick<Database, 'select'>,
  id: string,
  fields: readonly K[],
  lock: boolean,
): Promise<Pick<MarketRow, K>> {
  const query = reader.select(settingColumns(fields)).from(markets).where(eq(markets.id, id))
  const [row] = lock ? await query.for('no key update') : await query
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  // The columns were picked by these keys, so the row holds exactly them with the table's types.
  return row as Pick<MarketRow, K>
}

/** A market's setting as its page shows it. */
export function readMarketSetting<K extends SettingField>(
  { db }: Pick<ServerDeps, 'db'>,
  caller: SessionUser,
  id: string,
  fields: readonly K[],
): Promise<Pick<MarketRow, K>> {
  assertMarketInScope(caller, id)
  return readRow(db, id, fields, false)
}

export type MarketSettingEdit<K extends SettingField> = {
  /** The market's columns the setting keeps. */
  fields: readonly K[]
  /** The row's new values and, against what is stored, the fields the audit shows changed. */
  change(before: Pick<MarketRow, K>): { set: MarketValues; changes: AuditChanges }
  /** Work in the same transaction once a change is written (every merchant's stars, say). */
  afterChange?(tx: Transaction, at: Date): Promise<unknown>
}

/**
 * Sets a market's setting, audited as an edit of the market with one field per value changed; an
 * edit that changes nothing writes nothing. The market's row is locked first (FOR NO KEY UPDATE:
 * concurrent edits queue here, while rows that only reference the market, a payment or a complaint,
 * are not held up), so each edit's "before" is the one the last edit left. Tells whether it changed.
 */
export function editMarketSetting<K extends SettingField>(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  id: string,
  edit: MarketSettingEdit<K>,
): Promise<boolean> {
  assertMarketInScope(caller, id)
  return db.transaction(async (tx) => {
    const before = await readRow(tx, id, edit.fields, true)
    const { set, changes } = edit.change(before)
    if (Object.keys(changes).length === 0) return false
    const at = clock()
    await tx
      .update(markets)
      .set({ ...set, updatedAt: at })
      .where(eq(markets.id, id))
    await writeAudit(tx, id, { actorUk: caller.uk, area: 'market', action: 'edit', recordId: id, changes, at })
    await edit.afterChange?.(tx, at)
    return true
  })
}
