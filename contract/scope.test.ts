import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { MarketScopeSearchSchema } from './scope'

const parse = (search: Record<string, unknown>) => v.parse(MarketScopeSearchSchema, search)
const ID = '0b7c5f0e-3c1d-4a57-9d1e-6f2f4b8a9c10'

describe('MarketScopeSearchSchema', () => {
  it('takes a uuid as the market', () => {
    expect(parse({ market: ID })).toEqual({ market: ID })
  })

  it('leaves the market out when absent, and drops one that is not a uuid rather than refusing the page', () => {
    expect(parse({})).toEqual({ market: undefined })
    for (const market of ['', 'all', '42', 42, `${ID}x`, [ID], '../market'])
      expect(parse({ market }), String(market)).toEqual({ market: undefined })
  })

  it('spreads into a route schema beside its own params', () => {
    const schema = v.object({ ...MarketScopeSearchSchema.entries, page: v.fallback(v.number(), 1) })
    expect(v.parse(schema, { market: 'junk', page: 3 })).toEqual({ market: undefined, page: 3 })
  })
})
