import { describe, expect, it } from 'vitest'
import * as words from '@contract/words'
import type { WordKey } from '@contract/words'
import { m } from '@/paraglide/messages'
import { setLocale } from '@/paraglide/runtime'
import { wordFor, wordOptions } from './words'

type WordSet = Readonly<Record<string, WordKey>>
/** Every word set, the nested ones by area (AUDIT_FIELD_WORDS.market, …) each as a set of its own. */
const sets = Object.entries(words as unknown as Record<string, WordSet | Readonly<Record<string, WordSet>>>)
  .filter(([name]) => name.endsWith('_WORDS'))
  .flatMap(([name, set]): [string, WordSet][] =>
    Object.values(set).every((value) => typeof value === 'string')
      ? [[name, set as WordSet]]
      : Object.entries(set as Readonly<Record<string, WordSet>>).map(([area, inner]) => [`${name}.${area}`, inner]),
  )

describe('the words of fixed values', () => {
  it.each(['zh-CN', 'en-US'] as const)('each value reads its own message in %s', (locale) => {
    setLocale(locale, { reload: false })
    expect(sets.length).toBeGreaterThanOrEqual(7)
    for (const [, set] of sets)
      for (const [value, key] of Object.entries(set)) {
        const message = (m as unknown as Record<string, () => string>)[key]
        expect(message, key).toBeTypeOf('function')
        expect(wordFor(set, value)).toBe(message!())
      }
  })

  it('a value outside its set is shown as it is, never a missing word', () => {
    expect(wordFor(words.DEVICE_KIND_WORDS, 'toaster')).toBe('toaster')
    expect(wordFor(words.MARKET_STATUS_WORDS, 'constructor')).toBe('constructor')
  })

  it('options follow the order the contract lists the values in', () => {
    setLocale('en-US', { reload: false })
    expect(wordOptions(['left', 'active'], words.MERCHANT_STATUS_WORDS)).toEqual([
      { value: 'left', label: m.merchants_status_left() },
      { value: 'active', label: m.merchants_status_active() },
    ])
  })
})
