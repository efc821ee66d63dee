import { describe, expect, it } from 'vitest'
import { Role } from '../../contract/roles'
import { ApiError } from './errors'
import { isInScope, marketScope } from './scope'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

describe('marketScope', () => {
  it('holds a MARKET caller to its own market whatever it asks for', () => {
    const operator = { role: Role.MARKET, marketId: A }
    expect(marketScope(operator)).toBe(A)
    expect(marketScope(operator, B)).toBe(A)
    expect(marketScope(operator, null)).toBe(A)
  })

  it('gives an OFFICIAL caller the market it asks for, or all', () => {
    const official = { role: Role.OFFICIAL, marketId: null }
    expect(marketScope(official, B)).toBe(B)
    expect(marketScope(official)).toBeNull()
  })

  it('refuses callers with no market to be held to', () => {
    expect(() => marketScope({ role: Role.MARKET, marketId: null })).toThrow(ApiError)
    expect(() => marketScope({ role: Role.MERCHANT, marketId: A })).toThrow(ApiError)
  })

  it('tells whether a record is visible', () => {
    expect(isInScope(null, A)).toBe(true)
    expect(isInScope(A, A)).toBe(true)
    expect(isInScope(A, B)).toBe(false)
    expect(isInScope(A, null)).toBe(false)
  })
})
