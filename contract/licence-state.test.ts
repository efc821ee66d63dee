import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { licenceState, worstLicenceState } from './licence-state'
import { LicenceFieldsSchema, MerchantLicencesFormSchema } from './licences'
import { shanghaiToday } from './time'

describe('licence states', () => {
  it('counts the 30-day edge as expiring and the day after as valid', () => {
    const today = '2026-11-27'
    expect(licenceState('2026-12-27', today)).toBe('expiring') // 30 days away
    expect(licenceState('2026-12-28', today)).toBe('valid') // 31 days away
    expect(licenceState('2026-11-27', today)).toBe('expiring') // its last valid day is today
    expect(licenceState('2026-11-26', today)).toBe('expired')
    expect(licenceState(null, today)).toBe('missing')
    expect(licenceState(undefined, today)).toBe('missing')
  })

  it('crosses the month and year ends by the calendar', () => {
    expect(licenceState('2027-01-30', '2026-12-31')).toBe('expiring')
    expect(licenceState('2027-01-31', '2026-12-31')).toBe('valid')
    expect(licenceState('2024-03-30', '2024-02-29')).toBe('expiring')
  })

  it('turns at midnight in Shanghai, not at midnight UTC', () => {
    // 15:59:59 UTC on the 27th is 23:59:59 in Shanghai: still the 27th, the licence's last valid day.
    expect(licenceState('2026-11-27', shanghaiToday(new Date('2026-11-27T15:59:59Z')))).toBe('expiring')
    // A second later it is the 28th in Shanghai (still the 27th in UTC): expired.
    expect(licenceState('2026-11-27', shanghaiToday(new Date('2026-11-27T16:00:00Z')))).toBe('expired')
    // 31 days away until Shanghai's midnight, then 30: valid turns expiring at 16:00 UTC.
    expect(licenceState('2026-12-28', shanghaiToday(new Date('2026-11-27T15:59:59Z')))).toBe('valid')
    expect(licenceState('2026-12-28', shanghaiToday(new Date('2026-11-27T16:00:00Z')))).toBe('expiring')
  })

  it('takes the worst of several, expired before missing before expiring before valid', () => {
    expect(worstLicenceState(['valid', 'expiring'])).toBe('expiring')
    expect(worstLicenceState(['missing', 'expiring'])).toBe('missing')
    expect(worstLicenceState(['missing', 'expired'])).toBe('expired')
    expect(worstLicenceState(['valid', 'valid'])).toBe('valid')
    expect(worstLicenceState([])).toBe('missing')
  })
})

describe('a licence as the form sends it', () => {
  const good = {
    number: 'JY14401060012345',
    authority: '天河区市场监督管理局',
    validFrom: '2026-01-01',
    validUntil: '2031-01-01',
  }
  const issues = (input: unknown) => {
    const result = v.safeParse(LicenceFieldsSchema, input)
    return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
  }

  it('takes real days in order', () => {
    expect(issues(good)).toEqual([])
  })

  it('refuses a last day not after the first, named on the last day', () => {
    expect(issues({ ...good, validUntil: '2026-01-01' })).toEqual([
      ['validUntil', 'validation_licence_until_after_from'],
    ])
    expect(issues({ ...good, validUntil: '2025-12-31' })).toEqual([
      ['validUntil', 'validation_licence_until_after_from'],
    ])
  })

  it('refuses days that are not days, or absurd', () => {
    expect(issues({ ...good, validUntil: '2026-02-30' })).toEqual([['validUntil', 'validation_date']])
    expect(issues({ ...good, validFrom: '1899-12-31' })).toEqual([['validFrom', 'validation_date_range']])
    expect(issues({ ...good, validUntil: '9999-12-31' })).toEqual([['validUntil', 'validation_date_range']])
    expect(issues({ ...good, validFrom: 20260101 })).toEqual([['validFrom', 'validation_required']])
  })

  it('refuses an empty number or authority', () => {
    expect(issues({ ...good, number: '  ', authority: '' }).map(([path]) => path)).toEqual(['number', 'authority'])
  })
})

describe('a licence as a form holds it', () => {
  const blank = { number: '', authority: '', validFrom: '', validUntil: '' }
  it('is none when all four are empty, and checked as a licence once any is filled', () => {
    expect(v.parse(MerchantLicencesFormSchema, { health_certificate: blank, food_business_licence: blank })).toEqual({
      health_certificate: null,
      food_business_licence: null,
    })
    const result = v.safeParse(MerchantLicencesFormSchema, {
      health_certificate: { ...blank, number: 'JK1' },
      food_business_licence: blank,
    })
    expect(result.success).toBe(false)
    const fields = new Set(result.issues?.map((issue) => v.getDotPath(issue)))
    expect([...fields]).toEqual([
      'health_certificate.authority',
      'health_certificate.validFrom',
      'health_certificate.validUntil',
    ])
  })
})
