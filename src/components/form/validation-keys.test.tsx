import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { knownValidationKeys } from '@/lib/validation-messages'
import './console-validation-messages'

describe('validation messages', () => {
  // A key the list misses shows as "This value is not valid" instead of saying what is wrong.
  it('words every validation key the contract schemas use', () => {
    const used = new Set<string>()
    for (const file of readdirSync('contract').filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const match of readFileSync(`contract/${file}`, 'utf8').matchAll(/'(validation_[a-z0-9_]+)'/g))
        used.add(match[1] ?? '')
    }
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((key) => !knownValidationKeys().includes(key))).toEqual([])
  })
})
