import { describe, expect, it } from 'vitest'
import { readEnv } from '../../server/env'

describe('the read replica settings', () => {
  it('is read from DATABASE_READ_URL, and refused without a primary to replicate', () => {
    const primary = 'postgres://127.0.0.1/ds'
    expect(readEnv({ DATABASE_URL: primary })).toMatchObject({ databaseReadUrl: null, databaseReadMaxLagMs: 5_000 })
    expect(
      readEnv({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://replica/ds', DATABASE_READ_MAX_LAG_MS: '2000' }),
    ).toMatchObject({ databaseReadUrl: 'postgres://replica/ds', databaseReadMaxLagMs: 2_000 })
    expect(() => readEnv({ DATABASE_URL: '', DATABASE_READ_URL: 'postgres://replica/ds' })).toThrow(/DATABASE_READ_URL/)
    expect(() => readEnv({ DATABASE_READ_MAX_LAG_MS: 'soon' })).toThrow(/DATABASE_READ_MAX_LAG_MS/)
  })
})
