import { beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { AnyRoute } from '@tanstack/react-router'
import { Role } from '@contract/roles'
import { MarketScopeSearchSchema } from '@contract/scope'
import { isMarketScoped, marketChoiceStore, resolveMarketScope, setMarketChoice } from './market-scope'

const A = '0b7c5f0e-3c1d-4a57-9d1e-6f2f4b8a9c10'
const B = '5d1e8a2b-7f3c-4e6d-8a9b-1c2d3e4f5a6b'
const official = { role: Role.OFFICIAL, marketId: null }
const operator = { role: Role.MARKET, marketId: B }

describe('resolveMarketScope', () => {
  it("gives an OFFICIAL the URL's market first, then the remembered choice, then all markets", () => {
    expect(resolveMarketScope(official, A, { id: B, name: 'B' })).toBe(A)
    expect(resolveMarketScope(official, undefined, { id: B, name: 'B' })).toBe(B)
    expect(resolveMarketScope(official, undefined, null)).toBeNull()
  })

  it("holds a MARKET user to their own market, whatever the URL or this browser's choice says", () => {
    expect(resolveMarketScope(operator, A, { id: A, name: 'A' })).toBe(B)
    expect(resolveMarketScope(operator, undefined, null)).toBe(B)
  })
})

describe('isMarketScoped', () => {
  const route = (validateSearch: unknown) => ({ options: { validateSearch } }) as unknown as AnyRoute
  it('recognises a route whose search schema is or spreads MarketScopeSearchSchema', () => {
    expect(isMarketScoped(route(MarketScopeSearchSchema))).toBe(true)
    expect(isMarketScoped(route(v.object({ ...MarketScopeSearchSchema.entries, key: v.optional(v.string()) })))).toBe(
      true,
    )
  })
  it('and no other', () => {
    expect(isMarketScoped(route(v.object({ market: v.optional(v.string()) })))).toBe(false)
    expect(isMarketScoped(route(undefined))).toBe(false)
    expect(isMarketScoped(undefined)).toBe(false)
  })
})

describe('the remembered choice', () => {
  beforeEach(() => setMarketChoice(null))

  it('is stored under market-scope, and "all markets" removes the key', () => {
    setMarketChoice({ id: A, name: 'Lianchi' })
    expect(JSON.parse(localStorage.getItem('market-scope')!)).toEqual({ id: A, name: 'Lianchi' })
    setMarketChoice(null)
    expect(localStorage.getItem('market-scope')).toBeNull()
    expect(marketChoiceStore.state).toBeNull()
  })
})
