import { eq } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { AuditField } from '../../contract/audit'
import { CREDIT_REASONS, creditWeightsOf, type CreditWeights } from '../../contract/credit'
import {
  creditWeightField,
  creditWeightsAnswer,
  storedCreditWeights,
  type CreditWeightsAnswer,
} from '../../contract/credit-weights'
import { markets } from '../db/schema'
import { writeAudit } from '../lib/audit'
import { ApiError } from '../lib/errors'
import { isInScope, marketScope } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'
import { recomputeCredit } from './compute'

/** Another market's id, for an operator, is one it cannot see: not found, as an unknown one. */
function assertMarketInScope(caller: SessionUser, id: string) {
  if (!isInScope(marketScope(caller), id)) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
}

/** A market's credit weights as its page shows them: those in force, the defaults, which are the default. */
export async function getCreditWeights(
  { db }: Pick<ServerDeps, 'db'>,
  caller: SessionUser,
  id: string,
): Promise<CreditWeightsAnswer> {
  assertMarketInScope(caller, id)
  const [row] = await db.select({ weights: markets.creditWeights }).from(markets).where(eq(markets.id, id))
  if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
  return creditWeightsAnswer(row.weights)
}

/**
 * Sets a market's credit weights (its page's "credit rule"): its own operator, or OFFICIAL for any
 * market, as the market's rules. Audited as an edit of the market, one field per weight changed, and
 * every merchant of the market recomputed in the same transaction, so the stars change with the rule.
 * The market's row is locked first (FOR NO KEY UPDATE: concurrent settings queue here, while rows that
 * only reference the market, a payment or a complaint, are not held up), so of several at once each
 * reads the one before it and the last one's weights are what every rating was computed with.
 */
export async function setCreditWeights(
  { db, clock }: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  input: { id: string; weights: CreditWeights },
): Promise<CreditWeightsAnswer> {
  assertMarketInScope(caller, input.id)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ weights: markets.creditWeights })
      .from(markets)
      .where(eq(markets.id, input.id))
      .for('no key update')
    if (!row) throw new ApiError(ApiCode.NOT_FOUND, 'error_market_not_found')
    const before = creditWeightsOf(row.weights)
    const changes: Partial<Record<AuditField<'market'>, { before: number; after: number }>> = {}
    for (const reason of CREDIT_REASONS)
      if (before[reason] !== input.weights[reason])
        changes[creditWeightField(reason)] = { before: before[reason], after: input.weights[reason] }
    const stored = storedCreditWeights(input.weights)
    if (Object.keys(changes).length === 0) return creditWeightsAnswer(stored)
    const at = clock()
    await tx.update(markets).set({ creditWeights: stored, updatedAt: at }).where(eq(markets.id, input.id))
    await writeAudit(tx, input.id, {
      actorUk: caller.uk,
      area: 'market',
      action: 'edit',
      recordId: input.id,
      changes,
      at,
    })
    await recomputeCredit(tx, input.id, null, at)
    return creditWeightsAnswer(stored)
  })
}
