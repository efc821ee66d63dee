import { Store } from '@tanstack/store'
import * as v from 'valibot'

/** Where a store is kept: localStorage in the browser; tests pass a map of their own. */
export type PersistStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The browser's storages by life: `localStorage` is the browser's (every window, kept for good),
 * `sessionStorage` one window's (a reload finds it, closing the window ends it).
 */
type StorageLife = 'localStorage' | 'sessionStorage'

export type PersistedStoreOptions<TState> = {
  /** The storage key (SPEC §3 names some: `settings`, `tabs`). */
  key: string
  /** Turns what was stored (parsed JSON) into the state; a value it refuses means `fallback`. */
  schema: v.GenericSchema<unknown, TState>
  /** The state when nothing usable is stored: absent, not JSON, or refused by the schema. */
  fallback: TState
  /** A browser storage by name (default localStorage), or a storage of the caller's (tests). */
  storage?: PersistStorage | StorageLife | undefined
  /** What of the state is written (default: all of it); undefined removes the key. */
  persist?: (state: TState) => unknown
  /**
   * Follow what other windows of this browser write under the key (the browser's `storage` event,
   * which only localStorage raises): every window then reads the same state.
   */
  shared?: boolean
}

/** The browser's storage of that life, or undefined where there is none (tests, storage disabled). */
function browserStorage(life: StorageLife = 'localStorage'): PersistStorage | undefined {
  try {
    return typeof globalThis[life] === 'undefined' ? undefined : globalThis[life]
  } catch {
    // Storage disabled by the browser: the console still works, it just forgets.
    return undefined
  }
}

/**
 * A stored list read item by item: the items `item` accepts are kept, the others dropped on their own
 * (one damaged entry does not lose the rest).
 */
export function eachValid<TItem>(item: v.GenericSchema<unknown, TItem>): v.GenericSchema<unknown, TItem[]> {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((items) =>
      items.flatMap((stored) => {
        const result = v.safeParse(item, stored)
        return result.success ? [result.output] : []
      }),
    ),
  )
}

function read<TState>(
  storage: PersistStorage | undefined,
  { key, schema, fallback }: PersistedStoreOptions<TState>,
): TState {
  try {
    const raw = storage?.getItem(key)
    if (raw == null) return fallback
    const result = v.safeParse(schema, JSON.parse(raw))
    return result.success ? result.output : fallback
  } catch {
    return fallback
  }
}

/**
 * A TanStack Store loaded from storage and written back on every change. What is read is validated,
 * so a value written by an older console, edited by hand or cut short never breaks the page: the
 * store starts from its fallback instead.
 */
export function persistedStore<TState>(options: PersistedStoreOptions<TState>): Store<TState> {
  const storage =
    typeof options.storage === 'object' ? options.storage : browserStorage(options.storage ?? 'localStorage')
  const store = new Store<TState>(read(storage, options))
  const persist = options.persist ?? ((state: TState) => state)
  // Set while taking another window's value: it is stored already, writing it back would be a loop.
  let following = false
  store.subscribe((state) => {
    if (following) return
    try {
      const value = persist(state)
      if (value === undefined) storage?.removeItem(options.key)
      else storage?.setItem(options.key, JSON.stringify(value))
    } catch {
      // A full or disabled storage loses the preference, not the change on screen.
    }
  })
  if (options.shared && typeof window !== 'undefined')
    window.addEventListener('storage', (event) => {
      // `key` is null when another window cleared the whole storage.
      if (event.storageArea !== storage || (event.key !== null && event.key !== options.key)) return
      following = true
      try {
        store.setState(() => read(storage, options))
      } finally {
        following = false
      }
    })
  return store
}
