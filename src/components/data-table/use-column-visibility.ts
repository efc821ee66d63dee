import { useCallback } from 'react'
import type { Store } from '@tanstack/store'
import { useSelector } from '@tanstack/react-store'
import type { VisibilityState } from '@tanstack/react-table'
import * as v from 'valibot'
import { persistedStore } from '@/lib/persisted-store'

/** Only booleans are kept: anything else (an older format, a hand edit) means "shown". */
const VisibilitySchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((stored): VisibilityState =>
    Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    ),
  ),
)

/** One store per list, made when the list is first drawn. */
const stores = new Map<string, Store<VisibilityState>>()

function visibilityStore(list: string): Store<VisibilityState> {
  let store = stores.get(list)
  if (!store) {
    store = persistedStore({ key: `columns:${list}`, schema: VisibilitySchema, fallback: {} })
    stores.set(list, store)
  }
  return store
}

/**
 * Which columns of a list the user hid, kept in this browser per list (`list` names it, e.g.
 * 'markets'). Not in the URL: it is a preference of the person, not part of the page's address.
 */
export function useColumnVisibility(list: string) {
  const store = visibilityStore(list)
  const visibility = useSelector(store)
  const setVisible = useCallback(
    (column: string, visible: boolean) => store.setState((state) => ({ ...state, [column]: visible })),
    [store],
  )
  return { visibility, setVisible }
}
