import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react'
import {
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useCardLayout } from './use-card-layout'
import { usePrinting } from './use-printing'

/**
 * Pages of up to this many rows draw them all (the default page size among them): few enough to draw
 * at once, and the browser's find (Ctrl+F) sees every row. Longer pages draw the rows in view.
 */
const DRAW_ALL_UP_TO = 20

/** Whether a page of `count` rows draws only the rows in view (and says where the others are, ARIA). */
export const drawsRowsInView = (count: number) => count > DRAW_ALL_UP_TO

// Heights of rows not drawn yet, until drawn rows are measured: a table row holds a 32 px button and
// 20 px of padding; a card (a phone) a line of 33 px per column, its padding and 8 px below it.
const ROW_HEIGHT = 53
const CARD_LINE = 33
const CARD_PADDING = 18
const CARD_GAP = 8
/** Rows drawn beyond each edge of the window (~300 px): a scroll shows drawn rows, not blank space. */
const OVERSCAN = 6

type RowSlot = {
  /** The row's index in the page. */
  index: number
  /** The height of the rows not drawn between the previous drawn row (or the body's top) and this one. */
  spaceBefore: number
}

export type VirtualRows = {
  /** Whether only some rows are drawn (then rows carry `aria-rowindex` and the table `aria-rowcount`). */
  partial: boolean
  slots: RowSlot[]
  /** The height of the rows not drawn after the last drawn one. */
  spaceAfter: number
  /** For each drawn `<tr data-index>`: measures it, and again when its size changes. */
  measure: ((row: HTMLTableRowElement | null) => void) | undefined
  /** For the `<tbody>`: the row holding focus stays drawn with its neighbours, so Tab always has a next row. */
  onFocus: ((event: FocusEvent<HTMLElement>) => void) | undefined
}

/** The focused row and one row each side, added to the rows in view. */
function withFocused(indexes: number[], focused: number | null, count: number): number[] {
  if (focused === null) return indexes
  const extra = [focused - 1, focused, focused + 1].filter((i) => i >= 0 && i < count && !indexes.includes(i))
  return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b)
}

const everyRow = (count: number): RowSlot[] => Array.from({ length: count }, (_, index) => ({ index, spaceBefore: 0 }))

/**
 * The rows of a long page to draw: those in the browser window (the page scrolls, not a box inside it;
 * TanStack Virtual's window virtualizer), a few beyond, and the row holding focus, with the height of
 * the rows left out before, between and after them. The table stays a real table with all its columns;
 * rows not drawn are empty space of their measured (or estimated) height. Short pages, and any page
 * while printing, draw every row.
 */
export function useVirtualRows(
  count: number,
  columnCount: number,
  body: RefObject<HTMLTableSectionElement | null>,
): VirtualRows {
  const printing = usePrinting()
  const cards = useCardLayout()
  const partial = drawsRowsInView(count) && !printing
  // Where the body starts on the page, which the window's scroll position is compared with.
  const margin = useRef(0)
  const [focused, setFocused] = useState<number | null>(null)
  const gap = cards ? CARD_GAP : 0
  /**
   * Reads where the body starts when the window scrolls or resizes, and as the virtualizer starts: what
   * is above the table moves it rarely (a toolbar wrapping, the stale note), and a few pixels off only
   * shift the rows drawn within the overscan. Never while React commits: a read there would make the
   * browser lay out the page inside the page switch, a second time before painting it.
   */
  const follow = (instance: Virtualizer<Window, Element>) => {
    if (!body.current) return
    const top = Math.round(body.current.getBoundingClientRect().top + window.scrollY)
    if (top === margin.current) return
    margin.current = top
    instance.setOptions({ ...instance.options, scrollMargin: top })
  }
  const virtualizer = useWindowVirtualizer({
    count,
    enabled: partial,
    estimateSize: () => (cards ? columnCount * CARD_LINE + CARD_PADDING : ROW_HEIGHT),
    overscan: OVERSCAN,
    gap,
    scrollMargin: margin.current,
    // Before the virtualizer reads the scroll position or the window's size (so before it draws rows).
    observeElementOffset: (instance, onOffset) =>
      observeWindowOffset(instance, (offset, scrolling) => {
        follow(instance)
        onOffset(offset, scrolling)
      }),
    observeElementRect: (instance, onRect) =>
      observeWindowRect(instance, (rect) => {
        follow(instance)
        onRect(rect)
      }),
    // The window's size from the first render, so the rows in view are drawn at once, not a frame later.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
    rangeExtractor: (range: Range) => withFocused(defaultRangeExtractor(range), focused, count),
  })

  // Sizes measured as cards do not hold as table rows, and the other way round.
  useLayoutEffect(() => virtualizer.measure(), [cards, virtualizer])

  if (!partial) return { partial, slots: everyRow(count), spaceAfter: 0, measure: undefined, onFocus: undefined }

  const { scrollMargin } = virtualizer.options
  const slots: RowSlot[] = []
  // Where the last drawn row ends (its card's margin included), on the virtualizer's scale.
  let end = scrollMargin
  for (const item of virtualizer.getVirtualItems()) {
    slots.push({ index: item.index, spaceBefore: Math.max(0, item.start - end) })
    end = item.end + gap
  }
  const last = slots.at(-1)?.index ?? -1
  const spaceAfter = last === count - 1 ? 0 : Math.max(0, scrollMargin + virtualizer.getTotalSize() - end)
  return {
    partial,
    slots,
    spaceAfter,
    measure: virtualizer.measureElement,
    onFocus: (event) => {
      const row = (event.target as Element).closest('tr[data-index]')
      const index = Number(row?.getAttribute('data-index'))
      if (row && Number.isInteger(index) && index !== focused) setFocused(index)
    },
  }
}
