import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  CalendarDateSchema,
  CreditCodeSchema,
  IdCardSchema,
  MobileSchema,
  PhoneSchema,
  idParam,
  optionalText,
  requiredChoice,
  requiredText,
  wholeNumber,
} from './fields'
import { SearchTextSchema, isCleanText } from './text'

const message = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0]?.message ?? null

describe('text pipes', () => {
  it('refuse control characters and unpaired surrogates, but keep Chinese, emoji and (where multiline) line breaks', () => {
    expect(isCleanText('新华农贸市场 🥬')).toBe(true)
    expect(isCleanText('a\u0000b')).toBe(false)
    expect(isCleanText('a\u001bb')).toBe(false)
    expect(isCleanText('a\u0085b')).toBe(false)
    expect(isCleanText('\ud83e')).toBe(false)
    expect(isCleanText('x\udd6cy')).toBe(false)
    expect(isCleanText('line\nbreak')).toBe(false)
    expect(isCleanText('line\r\nbreak\tand tab', true)).toBe(true)
    for (const schema of [requiredText(10), optionalText(10), SearchTextSchema]) {
      expect(message(schema, 'a\u0000')).toBe('validation_text_characters')
      expect(message(schema, '\ud800')).toBe('validation_text_characters')
    }
  })

  it('trim, require and limit length', () => {
    expect(v.parse(requiredText(5), '  菜场  ')).toBe('菜场')
    expect(message(requiredText(5), '   ')).toBe('validation_required')
    expect(message(requiredText(5), 'abcdef')).toBe('validation_too_long')
    expect(message(requiredText(5), 12)).toBe('validation_required')
    expect(v.parse(optionalText(5), undefined)).toBe('')
    expect(v.parse(SearchTextSchema, undefined)).toBeUndefined()
  })
})

describe('identifier pipes', () => {
  it('check mobile and phone numbers', () => {
    expect(v.parse(MobileSchema, ' 13812345678 ')).toBe('13812345678')
    expect(message(MobileSchema, '12812345678')).toBe('validation_mobile')
    expect(v.parse(PhoneSchema, '0316-1234567')).toBe('0316-1234567')
    expect(message(PhoneSchema, '12345')).toBe('validation_phone')
  })

  it('check credit codes and ID cards by their check characters, upper-cased', () => {
    expect(v.parse(CreditCodeSchema, '91350100m000100y43')).toBe('91350100M000100Y43')
    expect(message(CreditCodeSchema, '91350100M000100Y44')).toBe('validation_credit_code')
    expect(v.parse(IdCardSchema, '11010519491231002x')).toBe('11010519491231002X')
    expect(message(IdCardSchema, '110105194912310021')).toBe('validation_id_card')
  })
})

describe('calendar dates', () => {
  it('accept real days within the range and never shift impossible ones', () => {
    expect(v.parse(CalendarDateSchema, '2024-02-29')).toBe('2024-02-29')
    expect(message(CalendarDateSchema, '2024-02-30')).toBe('validation_date')
    expect(message(CalendarDateSchema, '2024-13-01')).toBe('validation_date')
    expect(message(CalendarDateSchema, '0000-01-01')).toBe('validation_date')
    expect(message(CalendarDateSchema, '1899-12-31')).toBe('validation_date_range')
    expect(message(CalendarDateSchema, '9999-12-31')).toBe('validation_date_range')
    expect(message(CalendarDateSchema, '')).toBe('validation_required')
  })
})

describe('numbers and ids', () => {
  it('take whole numbers in range only', () => {
    const stalls = wholeNumber(0, 10, 'validation_stall_count')
    expect(v.parse(stalls, 3)).toBe(3)
    for (const bad of [-1, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3'])
      expect(message(stalls, bad)).toBe('validation_stall_count')
  })

  it('answer a malformed id as not found', () => {
    expect(message(idParam('error_market_not_found'), { id: 'nope' })).toBe('error_market_not_found')
    expect(v.parse(idParam('x'), { id: '11111111-1111-4111-8111-111111111111' })).toEqual({
      id: '11111111-1111-4111-8111-111111111111',
    })
  })
})

describe('fixed choices', () => {
  it('say "required" when nothing is chosen and "not valid" for a value off the list', () => {
    const schema = requiredChoice(['fruit', 'meat'])
    expect(v.parse(schema, 'fruit')).toBe('fruit')
    expect(message(schema, '')).toBe('validation_required')
    expect(message(schema, undefined)).toBe('validation_required')
    expect(message(schema, 'toys')).toBe('validation_invalid')
    expect(message(schema, 'FRUIT')).toBe('validation_invalid')
  })
})
