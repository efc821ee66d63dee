import { beforeEach, describe, expect, it, vi } from 'vitest'

const storage = new Map<string, string>()
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
})
const { hasLargeParams, readLargeParams, storeLargeParams } = await import('../../src/lib/large-params')

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
})
