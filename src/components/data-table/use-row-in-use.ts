import { useState } from 'react'

/**
 * Whether a row's stateful part (its menu, a confirm, a dialog) is in use, in a cell that the table
 * keeps in place from one row to the next (DataTable's `meta.reuseAcrossRows`). Use belongs to the row
 * it started on: once the cell shows another row it is let go, never handed over, and coming back to the
 * first row finds it closed. Render the stateful part only while `inUse`, keyed by the row, so it also
 * starts with fresh state for every row.
 */
export function useRowInUse(rowKey: string | undefined) {
  const [usedBy, setUsedBy] = useState<{ row: string | undefined } | null>(null)
  // Adjusted while rendering (React's pattern for state that follows a prop): nothing of the old row is drawn.
  if (usedBy !== null && usedBy.row !== rowKey) setUsedBy(null)
  return {
    inUse: usedBy !== null && usedBy.row === rowKey,
    /** Starts using it for the row drawn now. */
    use: () => setUsedBy({ row: rowKey }),
    /** Done with it (the stateful part unmounts), if it is still in use for this row. */
    release: () => setUsedBy((current) => (current?.row === rowKey ? null : current)),
  }
}
