import * as v from 'valibot'
import { wholeNumber } from './fields'

/**
 * A merchant's credit (issue 26 §3): one to five stars, computed by the server from the market's own
 * records of the last 90 days, never typed in. Each record found against the merchant adds its
 * weight in demerit points (the market may change the weights); the points give the stars. The rule
 * is written out in docs/decisions.md so an operator can explain a rating to the merchant.
 */

/** How far back the records count: older ones age out (the daily job recomputes every rating). */
export const CREDIT_WINDOW_DAYS = 90

/** What can lower a rating, each with its count and points on the merchant's page. */
export const CREDIT_REASONS = [
  'complaint_upheld',
  'complaint_partly_upheld',
  'pesticide_failed',
  'licence_expired',
  'licence_missing',
] as const
export type CreditReason = (typeof CREDIT_REASONS)[number]

/** Points per record, unless the market sets its own (markets.credit_weights). */
export const DEFAULT_CREDIT_WEIGHTS: Readonly<Record<CreditReason, number>> = {
  complaint_upheld: 3,
  complaint_partly_upheld: 2,
  pesticide_failed: 2,
  licence_expired: 3,
  licence_missing: 2,
}
/** A weight a market may set: 0 (the record is listed but does not count) to 20. */
export const MAX_CREDIT_WEIGHT = 20

export type CreditWeights = Record<CreditReason, number>

/** One weight: whole points from 0 to MAX_CREDIT_WEIGHT. */
export const CreditWeightSchema = wholeNumber(0, MAX_CREDIT_WEIGHT, 'validation_credit_weight')

/** A market's stored weights over the defaults: a stored value that is not a valid weight is ignored. */
export function creditWeightsOf(stored: unknown): CreditWeights {
  const weights = { ...DEFAULT_CREDIT_WEIGHTS }
  if (stored && typeof stored === 'object')
    for (const reason of CREDIT_REASONS) {
      const value = (stored as Record<string, unknown>)[reason]
      if (v.is(CreditWeightSchema, value)) weights[reason] = value
    }
  return weights
}

/**
 * Stars from demerit points: none is 5 stars; 1–3 is 4; 4–6 is 3; 7–10 is 2; more is 1. With the
 * default weights: one upheld complaint is 4 stars; one and a failed test (or a partly upheld one) 3;
 * two and a failed test 2.
 */
const STAR_STEPS: readonly { stars: 1 | 2 | 3 | 4 | 5; atMost: number }[] = [
  { stars: 5, atMost: 0 },
  { stars: 4, atMost: 3 },
  { stars: 3, atMost: 6 },
  { stars: 2, atMost: 10 },
]
export type CreditStars = 1 | 2 | 3 | 4 | 5

export function starsFor(points: number): CreditStars {
  return STAR_STEPS.find((step) => points <= step.atMost)?.stars ?? 1
}

/** One reason a rating is what it is: how many records, and the points they add. */
export const CreditReasonCountSchema = v.object({
  reason: v.picklist(CREDIT_REASONS),
  count: v.number(),
  points: v.number(),
})
export type CreditReasonCount = v.InferOutput<typeof CreditReasonCountSchema>

/** The counts of records against a merchant in the window, with the market's weights: the rating. */
export function creditOf(
  counts: Readonly<Record<CreditReason, number>>,
  weights: CreditWeights,
): { stars: CreditStars; points: number; reasons: CreditReasonCount[] } {
  const reasons = CREDIT_REASONS.filter((reason) => counts[reason] > 0).map((reason) => ({
    reason,
    count: counts[reason],
    points: counts[reason] * weights[reason],
  }))
  const points = reasons.reduce((sum, reason) => sum + reason.points, 0)
  return { stars: starsFor(points), points, reasons }
}
