import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { knownValidationKeys } from '@/lib/validation-messages'
import './console-validation-messages'

/**
 * Keys only one lazily loaded form uses, worded by that form's own module (`addValidationMessages` when
 * its chunk loads), so the pages that never show it do not carry the message.
 */
const WORDED_BY_THEIR_FORM: Record<string, string> = {
  validation_credit_weight: 'src/features/markets/market-credit-weights.tsx',
}

describe('validation messages', () => {
  // A key the list misses shows as "This value is not valid" instead of saying what is wrong.
  it('words every validation key the contract schemas use', () => {
    const used = new Set<string>()
    for (const file of readdirSync('contract').filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const match of readFileSync(`contract/${file}`, 'utf8').matchAll(/'(validation_[a-z0-9_]+)'/g))
        used.add(match[1] ?? '')
    }
    expect(used.size).toBeGreaterThan(10)
    const unworded = [...used].filter((key) => !knownValidationKeys().includes(key))
    expect(unworded.filter((key) => !Object.hasOwn(WORDED_BY_THEIR_FORM, key))).toEqual([])
    for (const key of unworded.filter((key) => Object.hasOwn(WORDED_BY_THEIR_FORM, key)))
      expect(readFileSync(WORDED_BY_THEIR_FORM[key] ?? '', 'utf8'), key).toContain(`${key}: m.${key}`)
  })
})
