import { useCallback, useState } from 'react'
import type { VisibilityState } from '@tanstack/react-table'

const storageKey = (list: string) => `columns:${list}`

function load(list: string): VisibilityState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(list)) ?? '{}')
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {}
    // Only booleans: anything else (an older format, a hand edit) means "shown".
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    )
  } catch {
    return {}
  }
}

/**
 * Which columns of a list the user hid, kept in this browser per list (`list` names it, e.g.
 * 'markets'). Not in the URL: it is a preference of the person, not part of the page's address.
 */
export function useColumnVisibility(list: string) {
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    typeof localStorage === 'undefined' ? {} : load(list),
  )
  const setVisible = useCallback(
    (column: string, visible: boolean) => {
      const next = { ...visibility, [column]: visible }
      setVisibility(next)
      try {
        localStorage.setItem(storageKey(list), JSON.stringify(next))
      } catch {
        // Storage full or refused: the choice lasts until the page goes, which is still useful.
      }
    },
    [visibility, list],
  )
  return { visibility, setVisible }
}
