import { describe, expect, it } from 'vitest'
import { isIdCardNumber, isMainlandMobile, isPhoneNumber, isUnifiedSocialCreditCode } from '../../contract/china-ids'

describe('unified social credit code', () => {
  it('accepts codes whose check character matches', () => {
    for (const code of ['91350100M000100Y43', '91110000802100433B', '911100001000128855']) {
      expect(isUnifiedSocialCreditCode(code), code).toBe(true)
    }
    expect(isUnifiedSocialCreditCode('91350100m000100y43')).toBe(true)
  })

  it('refuses a wrong check character, a wrong length and letters it never uses', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false)
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false)
    expect(isUnifiedSocialCreditCode('91350100M0001I0Y43')).toBe(false)
  })
})

describe('ID card number', () => {
  it('checks the birth date and the check digit', () => {
    expect(isIdCardNumber('11010519491231002X')).toBe(true)
    expect(isIdCardNumber('110105194912310021')).toBe(false)
    expect(isIdCardNumber('110105194913310029')).toBe(false)
    expect(isIdCardNumber('11010519491231002')).toBe(false)
  })
})

describe('phone numbers', () => {
  it('knows mainland mobiles and landlines with area codes', () => {
    expect(isMainlandMobile('13812345678')).toBe(true)
    expect(isMainlandMobile('12812345678')).toBe(false)
    expect(isMainlandMobile('1381234567')).toBe(false)
    expect(isPhoneNumber('0316-1234567')).toBe(true)
    expect(isPhoneNumber('031612345678')).toBe(true)
    expect(isPhoneNumber('13812345678')).toBe(true)
    expect(isPhoneNumber('12345')).toBe(false)
  })
})

describe('what an ID card number says', () => {
  it('gives the age on a day and the gender from the 17th digit', async () => {
    const { idCardCheckChar, idCardFacts } = await import('../../contract/china-ids')
    const man = `13100319800517001${idCardCheckChar('13100319800517001')}`
    const woman = `13100319800517002${idCardCheckChar('13100319800517002')}`
    expect(idCardFacts(man, '2026-05-16')).toEqual({ age: 45, gender: 'male' })
    expect(idCardFacts(man, '2026-05-17')).toEqual({ age: 46, gender: 'male' })
    expect(idCardFacts(woman, '2026-11-23')).toEqual({ age: 46, gender: 'female' })
    expect(idCardFacts('131003198005170010', '2026-11-23')).toBeNull()
  })
})
