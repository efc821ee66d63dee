import { beforeEach, describe, expect, it, vi } from 'vitest'

/** sessionStorage as the browser keeps it for a tab: what a reload finds is what was set before it. */
const storage = new Map<string, string>()
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, String(value)),
  removeItem: (key: string) => storage.delete(key),
})
const { readLargeParams } = await import('../../src/lib/large-params')
const { MAX_ENTRIES, storeLargeParams } = await import('../../src/lib/large-params-store')
const hasLargeParams = (key: string) => readLargeParams(key) !== null

/** A fresh module, as after a reload of the tab: nothing of the old one's memory, only the storage. */
async function reloaded() {
  vi.resetModules()
  return { ...(await import('../../src/lib/large-params')), ...(await import('../../src/lib/large-params-store')) }
}

beforeEach(() => storage.clear())

describe('large query parameters (SPEC §4)', () => {
  it('keeps the object in the browser and puts only a content key in the URL', () => {
    const merchant = { id: 'm-1', name: '张记蔬菜', stall: 'A-12' }
    const key = storeLargeParams(merchant)
    expect(key).toMatch(/^[0-9a-f]{16}$/)
    expect(storeLargeParams({ ...merchant })).toBe(key)
    expect(storeLargeParams({ ...merchant, stall: 'A-13' })).not.toBe(key)
    expect(hasLargeParams(key)).toBe(true)
    expect(readLargeParams(key)).toEqual(merchant)
    expect(hasLargeParams('0000000000000000')).toBe(false)
    expect(readLargeParams('0000000000000000')).toBeNull()
  })

  it('survives a reload of the tab', async () => {
    const key = storeLargeParams({ id: 'm-2', name: '李家水果' })
    const fresh = await reloaded()
    expect(fresh.readLargeParams(key)).toEqual({ id: 'm-2', name: '李家水果' })
    expect(fresh.storeLargeParams({ id: 'm-2', name: '李家水果' })).toBe(key)
  })

  it('is bounded: past the limit the oldest entries go, the newest stay', () => {
    const keys = Array.from({ length: MAX_ENTRIES + 5 }, (_, i) => storeLargeParams({ id: `m-${i}` }))
    expect(keys.slice(0, 5).some(hasLargeParams)).toBe(false)
    expect(keys.slice(5).every(hasLargeParams)).toBe(true)
    expect([...storage.keys()].filter((key) => key.startsWith('params:'))).toHaveLength(MAX_ENTRIES)
  })

  it('storing an object again makes it the newest, so it outlives older ones', () => {
    const first = storeLargeParams({ id: 'first' })
    for (let i = 0; i < MAX_ENTRIES - 1; i++) storeLargeParams({ id: `m-${i}` })
    storeLargeParams({ id: 'first' })
    storeLargeParams({ id: 'one more' })
    expect(hasLargeParams(first)).toBe(true)
  })

  it('never holds a password or other secret, at any depth', () => {
    const key = storeLargeParams({ id: 'm-3', password: 'Secret123', account: { clearPwd: 'x', name: 'a' } })
    expect(readLargeParams(key)).toEqual({ id: 'm-3', account: { name: 'a' } })
    expect([...storage.values()].join()).not.toMatch(/Secret123|clearPwd/)
  })

  it('answers null for content it cannot read rather than failing the page', () => {
    storage.set('params:00000000000000aa', '{not json')
    expect(readLargeParams('00000000000000aa')).toBeNull()
    expect(hasLargeParams('00000000000000aa')).toBe(false)
  })
})
