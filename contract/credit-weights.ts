import * as v from 'valibot'
import {
  CREDIT_REASONS,
  CreditWeightSchema,
  creditWeightsOf,
  DEFAULT_CREDIT_WEIGHTS,
  type CreditReason,
  type CreditWeights,
} from './credit'

/**
 * A market's credit weights as its page sets them (issue 26 §3), apart from contract/credit.ts so the
 * merchant pages, which read a rating's reasons, do not carry the setting's schemas.
 */

/** One schema per reason, in CREDIT_REASONS' order. */
const byReason = <S extends v.GenericSchema>(schema: S) =>
  Object.fromEntries(CREDIT_REASONS.map((reason) => [reason, schema])) as Record<CreditReason, S>

/**
 * The body of `PUT /api/credit/markets/:id/weights`: every reason, each a whole number 0–20; a key that
 * is not a reason is refused, not dropped, so a misspelt one is seen.
 */
export const CreditWeightsSchema = v.strictObject(byReason(CreditWeightSchema), 'validation_invalid')

/** The weights in force for a market, the defaults beside them, and which of its weights are the default. */
export const CreditWeightsAnswerSchema = v.object({
  weights: v.object(byReason(v.number())),
  defaults: v.object(byReason(v.number())),
  isDefault: v.object(byReason(v.boolean())),
})
export type CreditWeightsAnswer = v.InferOutput<typeof CreditWeightsAnswerSchema>

/**
 * What a market stores (markets.credit_weights): only its weights that differ from the defaults, so
 * `{}` is "the defaults" and a weight left at its default follows the default.
 */
export function storedCreditWeights(weights: CreditWeights): Partial<CreditWeights> {
  return Object.fromEntries(
    CREDIT_REASONS.filter((reason) => weights[reason] !== DEFAULT_CREDIT_WEIGHTS[reason]).map((reason) => [
      reason,
      weights[reason],
    ]),
  )
}

/** The audit log's field for a weight (contract/audit.ts lists each under the market). */
export const creditWeightField = (reason: CreditReason) => `credit_weight_${reason}` as const

/** The answer for a market's stored weights. */
export function creditWeightsAnswer(stored: unknown): CreditWeightsAnswer {
  const weights = creditWeightsOf(stored)
  return {
    weights,
    defaults: { ...DEFAULT_CREDIT_WEIGHTS },
    isDefault: Object.fromEntries(
      CREDIT_REASONS.map((reason) => [reason, weights[reason] === DEFAULT_CREDIT_WEIGHTS[reason]]),
    ) as Record<CreditReason, boolean>,
  }
}
