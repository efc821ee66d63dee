import { describe, expect, it } from 'vitest'
import { formatShanghaiTime } from '../../contract/time'
import { parseDuration, readEnv } from '../../server/env'

describe('formatShanghaiTime', () => {
  it('shows UTC instants in Asia/Shanghai as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatShanghaiTime('2026-11-22T16:05:09Z')).toBe('2026-11-23 00:05:09')
    expect(formatShanghaiTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 08:00:00')
  })
})

describe('configuration', () => {
  it('reads durations with units', () => {
    expect(parseDuration('90')).toBe(90)
    expect(parseDuration('30m')).toBe(1800)
    expect(parseDuration('12h')).toBe(43200)
    expect(parseDuration('7d')).toBe(604800)
    expect(parseDuration('soon')).toBeNull()
    expect(parseDuration('0')).toBeNull()
  })

  it('has the documented defaults and treats empty variables as unset', () => {
    const env = readEnv({ DATABASE_URL: '' })
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      demo: true,
      sessionTtlSeconds: 43200,
      logLevel: 'info',
    })
    expect(env).toMatchObject({ sessionMaxAgeSeconds: 7 * 86400, trustProxy: 0 })
  })

  it('reads the absolute session lifetime like SESSION_TTL', () => {
    expect(readEnv({ SESSION_MAX_AGE: '24h' }).sessionMaxAgeSeconds).toBe(86400)
    expect(readEnv({ SESSION_MAX_AGE: '3600' }).sessionMaxAgeSeconds).toBe(3600)
    expect(() => readEnv({ SESSION_MAX_AGE: 'a week' })).toThrow(/SESSION_MAX_AGE/)
  })

  it('reads TRUST_PROXY as a number of proxy hops', () => {
    expect(readEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(0)
    expect(readEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(readEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
    expect(() => readEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/)
  })

  it('names the variable that is wrong', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readEnv({ SESSION_TTL: 'forever' })).toThrow(/SESSION_TTL/)
    expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
  })
})
