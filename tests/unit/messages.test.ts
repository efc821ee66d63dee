import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const load = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>
const en = load('en-US')
const zh = load('zh-CN')
const keys = (messages: Record<string, string>) =>
  Object.keys(messages)
    .filter((key) => key !== '$schema')
    .sort()

describe('messages', () => {
  it('both languages have exactly the same keys, none empty', () => {
    expect(keys(zh)).toEqual(keys(en))
    for (const key of keys(en)) {
      expect(en[key], key).toBeTruthy()
      expect(zh[key], key).toBeTruthy()
    }
  })

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
    for (const key of keys(en)) expect(placeholders(zh[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''))
  })

  // Offline, paraglide can "compile" zero messages without failing: make that impossible to miss.
  it('were all compiled by paraglide, in both languages', () => {
    const compiled = readdirSync('src/paraglide/messages').filter(
      (file) => file !== '_index.js' && file.endsWith('.js'),
    )
    expect(compiled.length).toBe(keys(en).length)
    const sample = readFileSync('src/paraglide/messages/login_subtitle.js', 'utf8')
    expect(sample).toContain(en.login_subtitle)
    expect(sample).toContain(zh.login_subtitle)
  })
})
