import { describe, expect, it } from 'vitest'
import { ApiCode } from '../../contract/api'
import { assertUnchanged, rethrowConflict } from './conflicts'
import { ApiError } from './errors'

const caught = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  return null
}

describe('rethrowConflict', () => {
  it('names what is taken from the constraint, through drizzle’s wrapping', () => {
    const error = caught(() =>
      rethrowConflict({ message: 'Failed query', cause: { code: '23505', constraint: 'markets_credit_code_unique' } }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: ApiCode.CONFLICT, messageKey: 'error_credit_code_taken' })
  })

  it('puts a form field’s conflict under its field', () => {
    const error = caught(() => rethrowConflict({ code: '23505', constraint: 'merchants_market_stall_active_unique' }))
    expect(error).toMatchObject({
      code: ApiCode.CONFLICT,
      messageKey: 'error_stall_taken',
      data: [{ field: 'stallNo', message: 'error_stall_taken' }],
    })
  })

  it('answers an unknown unique constraint generically, not as a taken username', () => {
    expect(caught(() => rethrowConflict({ code: '23505', constraint: 'devices_code_unique' }))).toMatchObject({
      messageKey: 'error_conflict',
    })
  })

  it('passes other errors through untouched', () => {
    const original = new Error('connection lost')
    expect(caught(() => rethrowConflict(original))).toBe(original)
  })
})

describe('assertUnchanged', () => {
  const before = { paymentBank: 'ICBC', name: 'A' }
  it('refuses a change of a fixed field with its message', () => {
    expect(
      caught(() => assertUnchanged(before, { paymentBank: 'ABC' }, { paymentBank: 'error_market_bank_unchangeable' })),
    ).toMatchObject({
      code: ApiCode.CONFLICT,
      messageKey: 'error_market_bank_unchangeable',
    })
  })
  it('lets the same value, an absent field and other fields through', () => {
    expect(
      caught(() =>
        assertUnchanged(before, { paymentBank: 'ICBC', name: 'B' }, { paymentBank: 'error_market_bank_unchangeable' }),
      ),
    ).toBeNull()
    expect(
      caught(() => assertUnchanged(before, { name: 'B' }, { paymentBank: 'error_market_bank_unchangeable' })),
    ).toBeNull()
  })
})
