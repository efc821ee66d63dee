import { useState } from 'react'

type Slots = { ids: readonly string[]; slots: readonly number[] }

/**
 * The React key of each row of the page, by the rows' ids. A row already on screen keeps its key
 * wherever it moves, so what it holds (an open menu, a confirm dialog, focus) stays with it when the
 * list answers in another order or filters rows out around it (a search that arrives while a row's
 * confirm is open). A row new to the page takes a key a row that left has freed, lowest first: a new
 * page still updates the rows on screen in place rather than drawing new ones (TableRowView).
 */
export function useRowSlots(ids: readonly string[]): readonly number[] {
  const [state, setState] = useState<Slots>(() => ({ ids, slots: ids.map((_, index) => index) }))
  if (!sameIds(state.ids, ids)) {
    // Adjusted while rendering (React's pattern for state that follows a prop).
    const next = { ids, slots: nextSlots(state, ids) }
    setState(next)
    return next.slots
  }
  return state.slots
}

function sameIds(a: readonly string[], b: readonly string[]) {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]))
}

function nextSlots(previous: Slots, ids: readonly string[]): number[] {
  const before = new Map(previous.ids.map((id, index) => [id, previous.slots[index]!]))
  const taken = new Set<number>()
  const kept = ids.map((id) => {
    const slot = before.get(id)
    if (slot === undefined || taken.has(slot)) return undefined
    taken.add(slot)
    return slot
  })
  let free = 0
  return kept.map((slot) => {
    if (slot !== undefined) return slot
    while (taken.has(free)) free++
    taken.add(free)
    return free
  })
}
