import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { requiredText } from '@contract/fields'
import { setLocale } from '@/paraglide/runtime'
import { firstFieldError } from './validation-messages'

describe('field errors in words', () => {
  it("says a too-long field's limit, in the reader's language", () => {
    const issues = v.safeParse(requiredText(60), 'x'.repeat(61)).issues ?? []
    setLocale('en-US', { reload: false })
    expect(firstFieldError(issues)).toBe('At most 60 characters')
    setLocale('zh-CN', { reload: false })
    expect(firstFieldError(issues)).toBe('最多 60 个字符')
  })

  it('words every other issue by its key', () => {
    setLocale('en-US', { reload: false })
    expect(firstFieldError(v.safeParse(requiredText(60), '').issues ?? [])).toBe('required fields cannot be empty')
    expect(firstFieldError(['validation_too_long'])).toBe('Too long')
  })
})
