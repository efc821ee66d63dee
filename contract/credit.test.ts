import { describe, expect, it } from 'vitest'
import { creditOf, creditWeightsOf, DEFAULT_CREDIT_WEIGHTS, starsFor } from './credit'

const none = {
  complaint_upheld: 0,
  complaint_partly_upheld: 0,
  pesticide_failed: 0,
  licence_expired: 0,
  licence_missing: 0,
}

describe('a merchant’s credit', () => {
  it('gives stars by the points, at each step’s edges', () => {
    expect([0, 1, 3, 4, 6, 7, 10, 11, 1_000_000].map(starsFor)).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1])
  })

  it('counts each reason with the market’s weights, and names only the reasons found', () => {
    expect(creditOf({ ...none, complaint_upheld: 1, pesticide_failed: 2 }, DEFAULT_CREDIT_WEIGHTS)).toEqual({
      stars: 2,
      points: 7,
      reasons: [
        { reason: 'complaint_upheld', count: 1, points: 3 },
        { reason: 'pesticide_failed', count: 2, points: 4 },
      ],
    })
    expect(creditOf(none, DEFAULT_CREDIT_WEIGHTS)).toEqual({ stars: 5, points: 0, reasons: [] })
  })

  it('a weight of 0 lists the records and takes no star', () => {
    const weights = { ...DEFAULT_CREDIT_WEIGHTS, pesticide_failed: 0 }
    expect(creditOf({ ...none, pesticide_failed: 3 }, weights)).toEqual({
      stars: 5,
      points: 0,
      reasons: [{ reason: 'pesticide_failed', count: 3, points: 0 }],
    })
  })

  it('reads a market’s stored weights over the defaults, ignoring what is not a weight', () => {
    expect(creditWeightsOf(null)).toEqual(DEFAULT_CREDIT_WEIGHTS)
    expect(
      creditWeightsOf({ complaint_upheld: 5, pesticide_failed: -1, complaint_partly_upheld: 2.5, other: 9 }),
    ).toEqual({ ...DEFAULT_CREDIT_WEIGHTS, complaint_upheld: 5 })
  })
})
