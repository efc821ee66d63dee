import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { persistedStore, type PersistStorage } from './persisted-store'

const memory = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries))
  const storage: PersistStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
  return { map, storage }
}

const Counter = v.object({ count: v.number() })
const counter = (storage: PersistStorage, persist?: (state: { count: number }) => unknown) =>
  persistedStore({ key: 'counter', schema: Counter, fallback: { count: 0 }, storage, persist })

describe('persistedStore', () => {
  it('starts from what was stored when the schema accepts it', () => {
    expect(counter(memory({ counter: '{"count":3}' }).storage).state).toEqual({ count: 3 })
  })

  it('starts from the fallback when nothing, broken JSON or a value of another shape is stored', () => {
    for (const stored of [undefined, '{"count":', '"3"', '{"count":"3"}', 'null']) {
      const { storage } = memory(stored === undefined ? {} : { counter: stored })
      expect(counter(storage).state, String(stored)).toEqual({ count: 0 })
    }
  })

  it('writes every change, and only the part `persist` returns', () => {
    const { map, storage } = memory()
    const store = persistedStore({
      key: 'pair',
      schema: v.object({ kept: v.number(), session: v.fallback(v.number(), 0) }),
      fallback: { kept: 0, session: 0 },
      storage,
      persist: ({ kept }) => ({ kept }),
    })
    expect(map.has('pair')).toBe(false)
    store.setState(() => ({ kept: 1, session: 9 }))
    expect(JSON.parse(map.get('pair')!)).toEqual({ kept: 1 })
  })

  it('removes the key when `persist` returns undefined', () => {
    const { map, storage } = memory({ counter: '{"count":1}' })
    const store = counter(storage, (state) => (state.count === 0 ? undefined : state))
    store.setState(() => ({ count: 0 }))
    expect(map.has('counter')).toBe(false)
  })

  it('keeps working when the browser refuses storage', () => {
    const refusing: PersistStorage = {
      getItem: vi.fn(() => {
        throw new Error('SecurityError')
      }),
      setItem: vi.fn(() => {
        throw new Error('QuotaExceededError')
      }),
      removeItem: vi.fn(),
    }
    const store = counter(refusing)
    expect(store.state).toEqual({ count: 0 })
    store.setState(() => ({ count: 5 }))
    expect(store.state).toEqual({ count: 5 })
  })

  it('keeps a store in sessionStorage when asked: one window’s, not the browser’s', () => {
    localStorage.clear()
    sessionStorage.clear()
    const store = persistedStore({
      key: 'window-only',
      schema: Counter,
      fallback: { count: 0 },
      storage: 'sessionStorage',
    })
    store.setState(() => ({ count: 2 }))
    expect(sessionStorage.getItem('window-only')).toBe('{"count":2}')
    expect(localStorage.getItem('window-only')).toBeNull()
  })

  it('a shared store follows what another window writes or clears; another store does not', () => {
    localStorage.clear()
    const options = { key: 'both', schema: Counter, fallback: { count: 0 } }
    const shared = persistedStore({ ...options, shared: true })
    const own = persistedStore(options)
    const writeFromAnotherWindow = (value: string | null) => {
      if (value === null) localStorage.removeItem('both')
      else localStorage.setItem('both', value)
      window.dispatchEvent(new StorageEvent('storage', { key: 'both', newValue: value, storageArea: localStorage }))
    }
    writeFromAnotherWindow('{"count":7}')
    expect(shared.state).toEqual({ count: 7 })
    expect(own.state).toEqual({ count: 0 })
    writeFromAnotherWindow(null)
    expect(shared.state).toEqual({ count: 0 })
    // Following is not writing: what the other window cleared stays cleared.
    expect(localStorage.getItem('both')).toBeNull()
  })
})
