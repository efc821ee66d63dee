import { useLayoutEffect, type RefObject } from 'react'

/**
 * While a long page is scrolled, the table lays out only the rows drawn (those in view), so a column
 * would widen for a long name coming into view and narrow again when it leaves, shifting every column
 * to its right. Here a header cell's width only grows while the page stays: each width seen becomes
 * its minimum. A new page (`page`, the rows' identity) or other columns (`columns`) start afresh, as a
 * whole table would; so does `active` turning off (cards on a phone, whose headers are hidden).
 */
export function useSteadyColumnWidths(
  table: RefObject<HTMLTableElement | null>,
  active: boolean,
  page: unknown,
  columns: unknown,
) {
  useLayoutEffect(() => {
    const cells = [...(table.current?.querySelectorAll<HTMLElement>('thead th') ?? [])]
    for (const cell of cells) cell.style.minWidth = ''
    if (!active || typeof ResizeObserver === 'undefined') return
    // Called after layout and before paint: a column held at its width never shows narrower.
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const cell = entry.target as HTMLElement
        const width = entry.borderBoxSize[0]?.inlineSize ?? 0
        if (width > (parseFloat(cell.style.minWidth) || 0)) cell.style.minWidth = `${width}px`
      }
    })
    for (const cell of cells) observer.observe(cell)
    return () => observer.disconnect()
  }, [table, active, page, columns])
}
