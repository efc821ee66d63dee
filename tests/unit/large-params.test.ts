import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

/** The browser's localStorage, which every tab of it shares: what one tab sets, another reads. */
const storage = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, String(value)),
  removeItem: (key: string) => storage.delete(key),
})
const signIn = (token: string) => storage.set('token', token)

/** The modules as a tab loads them: nothing of another tab's memory, only the storage. */
async function openTab() {
  vi.resetModules()
  return { ...(await import('../../src/lib/large-params')), ...(await import('../../src/lib/large-params-store')) }
}

const Row = v.object({ id: v.string(), name: v.string() })
const Anything = v.unknown()

beforeEach(() => {
  storage.clear()
  signIn('token-of-session-a')
})
afterEach(() => vi.useRealTimers())

describe('large query parameters (SPEC §4)', () => {
  it('keeps the object in the browser and puts only a content key in the URL', async () => {
    const { readLargeParams, storeLargeParams } = await openTab()
    const merchant = { id: 'm-1', name: '张记蔬菜', stall: 'A-12' }
    const key = storeLargeParams(merchant)
    expect(key).toMatch(/^[0-9a-f]{16}$/)
    expect(storeLargeParams({ ...merchant })).toBe(key)
    expect(storeLargeParams({ ...merchant, stall: 'A-13' })).not.toBe(key)
    expect(readLargeParams(key, Anything)).toEqual(merchant)
    expect(readLargeParams('0000000000000000', Anything)).toBeNull()
  })

  it('answers only what the reader’s schema accepts', async () => {
    const { readLargeParams, storeLargeParams } = await openTab()
    expect(readLargeParams(storeLargeParams({ id: 'm-1', name: '张记蔬菜', extra: 1 }), Row)).toEqual({
      id: 'm-1',
      name: '张记蔬菜',
    })
    expect(readLargeParams(storeLargeParams({ id: 'm-2' }), Row)).toBeNull()
  })

  it('is read by every tab of the browser, and after a reload', async () => {
    const first = await openTab()
    const key = first.storeLargeParams({ id: 'm-2', name: '李家水果' })
    const other = await openTab()
    expect(other.readLargeParams(key, Row)).toEqual({ id: 'm-2', name: '李家水果' })
    expect(other.storeLargeParams({ id: 'm-2', name: '李家水果' })).toBe(key)
  })

  it('is read only by the session that stored it: another sign-in finds nothing, and replaces it', async () => {
    const key = (await openTab()).storeLargeParams({ id: 'm-3', name: '王记' })
    signIn('token-of-session-b')
    const next = await openTab()
    expect(next.readLargeParams(key, Row)).toBeNull()
    next.storeLargeParams({ id: 'm-4', name: '赵记' })
    expect(storage.get('large-params')).not.toContain('王记')
    storage.delete('token')
    expect(next.readLargeParams(next.storeLargeParams({ id: 'm-5', name: '钱记' }), Row)).toBeNull()
  })

  it('expires hours after it was stored', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00Z') })
    const { LIFETIME_MS, readLargeParams, storeLargeParams } = await openTab()
    const key = storeLargeParams({ id: 'm-6', name: '孙记' })
    vi.setSystemTime(Date.now() + LIFETIME_MS - 1000)
    expect(readLargeParams(key, Row)).not.toBeNull()
    vi.setSystemTime(Date.now() + 2000)
    expect(readLargeParams(key, Row)).toBeNull()
    expect(LIFETIME_MS).toBeLessThanOrEqual(12 * 60 * 60_000)
    storeLargeParams({ id: 'm-7', name: '周记' })
    expect(storage.get('large-params')).not.toContain('孙记')
  })

  it('is cleared at sign-out, for every tab', async () => {
    const { clearLargeParams, readLargeParams, storeLargeParams } = await openTab()
    const key = storeLargeParams({ id: 'm-8', name: '吴记' })
    clearLargeParams()
    expect(storage.has('large-params')).toBe(false)
    expect(readLargeParams(key, Row)).toBeNull()
  })

  it('is bounded: past the limit the oldest entries go, the newest stay', async () => {
    const { MAX_ENTRIES, readLargeParams, storeLargeParams } = await openTab()
    const keys = Array.from({ length: MAX_ENTRIES + 5 }, (_, i) => storeLargeParams({ id: `m-${i}` }))
    const has = (key: string) => readLargeParams(key, Anything) !== null
    expect(keys.slice(0, 5).some(has)).toBe(false)
    expect(keys.slice(5).every(has)).toBe(true)
  })

  it('storing an object again makes it the newest, so it outlives older ones', async () => {
    const { MAX_ENTRIES, readLargeParams, storeLargeParams } = await openTab()
    const first = storeLargeParams({ id: 'first' })
    for (let i = 0; i < MAX_ENTRIES - 1; i++) storeLargeParams({ id: `m-${i}` })
    storeLargeParams({ id: 'first' })
    storeLargeParams({ id: 'one more' })
    expect(readLargeParams(first, Anything)).not.toBeNull()
  })

  it('never holds a password or other secret, at any depth', async () => {
    const { readLargeParams, storeLargeParams } = await openTab()
    const key = storeLargeParams({ id: 'm-3', password: 'Secret123', account: { clearPwd: 'x', name: 'a' } })
    expect(readLargeParams(key, Anything)).toEqual({ id: 'm-3', account: { name: 'a' } })
    expect([...storage.values()].join()).not.toMatch(/Secret123|clearPwd/)
  })

  it('answers null for content it cannot read rather than failing the page', async () => {
    storage.set('large-params', '{not json')
    const { readLargeParams } = await openTab()
    expect(readLargeParams('00000000000000aa', Anything)).toBeNull()
  })
})
