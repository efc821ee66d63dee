import type { AuditField } from '../../contract/audit'
import { CREDIT_REASONS, creditWeightsOf, type CreditWeights } from '../../contract/credit'
import {
  creditWeightField,
  creditWeightsAnswer,
  storedCreditWeights,
  type CreditWeightsAnswer,
} from '../../contract/credit-weights'
import { editMarketSetting, readMarketSetting } from '../lib/market-settings'
import type { ServerDeps, SessionUser } from '../lib/types'
import { recomputeCredit } from './compute'

/** A market's credit weights as its page shows them: those in force, the defaults, which are the default. */
export async function getCreditWeights(
  deps: Pick<ServerDeps, 'db'>,
  caller: SessionUser,
  id: string,
): Promise<CreditWeightsAnswer> {
  const { creditWeights } = await readMarketSetting(deps, caller, id, ['creditWeights'])
  return creditWeightsAnswer(creditWeights)
}

/**
 * Sets a market's credit weights (its page's "credit rule"), as the market's other settings: one
 * audited field per weight changed, and every merchant of the market recomputed in the same
 * transaction, so the stars change with the rule; of several at once, the last one's weights are what
 * every rating was computed with (the kit's edit queues them on the market's row).
 */
export async function setCreditWeights(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: SessionUser,
  input: { id: string; weights: CreditWeights },
): Promise<CreditWeightsAnswer> {
  const stored = storedCreditWeights(input.weights)
  await editMarketSetting(deps, caller, input.id, {
    fields: ['creditWeights'],
    change: ({ creditWeights }) => {
      const before = creditWeightsOf(creditWeights)
      const changes: Partial<Record<AuditField<'market'>, { before: number; after: number }>> = {}
      for (const reason of CREDIT_REASONS)
        if (before[reason] !== input.weights[reason])
          changes[creditWeightField(reason)] = { before: before[reason], after: input.weights[reason] }
      return { set: { creditWeights: stored }, changes }
    },
    afterChange: (tx, at) => recomputeCredit(tx, input.id, null, at),
  })
  return creditWeightsAnswer(stored)
}
