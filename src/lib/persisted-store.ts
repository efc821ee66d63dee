import { Store } from '@tanstack/store'
import * as v from 'valibot'

/** Where a store is kept: localStorage in the browser; tests pass a map of their own. */
export type PersistStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type PersistedStoreOptions<TState> = {
  /** The storage key (SPEC §3 names some: `settings`, `tabs`). */
  key: string
  /** Turns what was stored (parsed JSON) into the state; a value it refuses means `fallback`. */
  schema: v.GenericSchema<unknown, TState>
  /** The state when nothing usable is stored: absent, not JSON, or refused by the schema. */
  fallback: TState
  storage?: PersistStorage | undefined
  /** What of the state is written (default: all of it); undefined removes the key. */
  persist?: (state: TState) => unknown
}

function browserStorage(): PersistStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Storage disabled by the browser: the console still works, it just forgets.
    return undefined
  }
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
  const storage = options.storage ?? browserStorage()
  const store = new Store<TState>(read(storage, options))
  const persist = options.persist ?? ((state: TState) => state)
  store.subscribe((state) => {
    try {
      const value = persist(state)
      if (value === undefined) storage?.removeItem(options.key)
      else storage?.setItem(options.key, JSON.stringify(value))
    } catch {
      // A full or disabled storage loses the preference, not the change on screen.
    }
  })
  return store
}
