import { eq } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { MarketRules } from '../../contract/licences'
import { markets } from '../db/schema'
import { changedFields, writeAudit } from '../lib/audit'
import { ApiError } from '../lib/errors'
import { isInScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'

/**
 * A market's rules (its page's "rules" section): the days of grace for licences missing and the days
 * it gives itself to resolve a complaint. Its own operator sets them (the market's own work), OFFICIAL
 * any market's; audited as an edit of the market. The row is locked so the audit's "before" is true.
 */
export async function setMarketRules(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  input: { id: string; rules: MarketRules },
): Promise<MarketRules> {
  if (!isInScope(marketScope(caller), input.id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ licenceGraceDays: markets.licenceGraceDays, complaintDeadlineDays: markets.complaintDeadlineDays })
      .from(markets)
      .where(eq(markets.id, input.id))
      .for('update')
    if (!before) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
    const changes = changedFields<MarketRules>(before, input.rules, ['licenceGraceDays', 'complaintDeadlineDays'])
    if (Object.keys(changes).length === 0) return input.rules
    const at = clock()
    await tx
      .update(markets)
      .set({ ...input.rules, updatedAt: at })
      .where(eq(markets.id, input.id))
    await writeAudit(tx, input.id, {
      actorUk: caller.uk,
      area: 'market',
      action: 'edit',
      recordId: input.id,
      changes,
      at,
    })
    return input.rules
  })
}

/** A market's rules as its page shows them. */
export async function getMarketRules(
  { db }: Pick<ServerDeps, 'db'>,
  caller: SessionUser,
  id: string,
): Promise<MarketRules & { licenceGraceFrom: string }> {
  if (!isInScope(marketScope(caller), id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  const [row] = await db
    .select({
      licenceGraceDays: markets.licenceGraceDays,
      complaintDeadlineDays: markets.complaintDeadlineDays,
      licenceGraceFrom: markets.licenceGraceFrom,
    })
    .from(markets)
    .where(eq(markets.id, id))
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return row
}
