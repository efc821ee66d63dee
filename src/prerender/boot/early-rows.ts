import {
  NARROW_BUTTON_CLASS,
  NARROWABLE_CLASS,
  PHONE_CARD_ROW,
  ROWS_BODY_CLASS,
  rowCellClass,
} from '@/components/data-table/row-classes'
import type { FirstPageSeen } from '@/lib/early-list'
import type { EarlyAnswer } from '@/lib/early-requests'
import { EARLY_WORDS_ID } from '../early-words'
import { afterNextPaint, documentParsed } from './start-after-first-paint'

/**
 * THE PRERENDER KIT's early rows (issue 24 §3): a list whose rows are its largest paint (the operation
 * log's changes) draws its first page from the answer its boot script asked for, while its code is
 * still on the way, instead of leaving the skeleton until the takeover. The rows are drawn with the
 * table's own classes (components/data-table/row-classes.ts) and each column's cell as the list's
 * column draws it: the list's test holds every row to the React row, node for node, so the takeover
 * replaces them with the same rows and nothing moves or paints larger.
 *
 * The words come with the HTML, in its language (pages.ts `earlyWords`), not with the script: it is in
 * every answer. Drawn only when nothing can differ: the frame is still there with its skeleton, the
 * page will be in the frame's language, and the answer is a page of rows. Anything else (an error, no
 * rows, a row the list cannot read) leaves the skeleton to the app, which draws what it must say.
 */

/** A cell's content: text, or elements made with `h` and `narrowable`. */
export type EarlyCell = Node | string

/** What a column's `meta` says of its cells (TanStack's ColumnMeta: components/data-table/index-column.tsx). */
type CellMeta = { className?: string; pinnedEnd?: boolean; cardLead?: boolean }

export type EarlyRows<Row, Words> = {
  /** The list's `columnsKey`: the columns hidden in this browser are not drawn. */
  columnsKey: string
  /** A column's meta where it has one, by column id. */
  meta?: Readonly<Record<string, CellMeta>>
  /** A row's cells by column id, in the words the build wrote into the page. */
  cells: (row: Row, words: Words) => Readonly<Record<string, EarlyCell>>
}

/** An element with attributes and children, as the React row draws it. */
export function h(tag: string, attributes: Record<string, string>, ...children: EarlyCell[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

const SVG = 'http://www.w3.org/2000/svg'
/** lucide's funnel (`Filter`), as NarrowButton draws it. */
const FUNNEL =
  'M10 20a1 1 0 0 0 .553.895l2 1A1 1 0 0 0 14 21v-7a2 2 0 0 1 .517-1.341L21.74 4.67A1 1 0 0 0 21 3H3a1 1 0 0 0-.742 1.67l7.225 7.989A2 2 0 0 1 10 14z'

function funnelIcon(): SVGElement {
  const svg = document.createElementNS(SVG, 'svg')
  const attributes: Record<string, string> = {
    xmlns: SVG,
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: 'lucide lucide-funnel lucide-filter size-3.5',
    'aria-hidden': 'true',
  }
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value)
  const path = document.createElementNS(SVG, 'path')
  path.setAttribute('d', FUNNEL)
  svg.append(path)
  return svg
}

/** A value with the button that narrows the list to it (components/data-table/narrowable-cells.tsx). */
export const narrowable = (content: EarlyCell, label: string) =>
  h(
    'span',
    { class: NARROWABLE_CLASS },
    content,
    h('button', { type: 'button', 'aria-label': label, title: label, class: NARROW_BUTTON_CLASS }, funnelIcon()),
  )

/** The columns hidden in this browser (use-column-visibility.ts keeps `{ [column]: false }`). */
function hiddenColumns(columnsKey: string): Set<string> {
  try {
    const stored = JSON.parse(localStorage.getItem(`columns:${columnsKey}`) ?? '{}') as Record<string, unknown>
    return new Set(Object.keys(stored).filter((column) => stored[column] === false))
  } catch {
    return new Set()
  }
}

/** The language the app will draw in: the stored one, else the one served (src/main.tsx adopts it). */
function pageLocale(): string {
  const served = document.documentElement.lang
  try {
    const stored = localStorage.getItem('locale')
    return stored === 'en-US' || stored === 'zh-CN' ? stored : served
  } catch {
    return served
  }
}

/** Draws the rows; answers whether it did. */
function paint<Row, Words>(early: EarlyAnswer, market: string | null, list: EarlyRows<Row, Words>): boolean {
  const root = document.documentElement
  // Taken over already, or the frame is in another language than the page will be.
  if (root.hasAttribute('data-live') || pageLocale() !== root.lang || early.status !== 200) return false
  const wordsScript = document.getElementById(EARLY_WORDS_ID)
  if (!wordsScript?.textContent) return false
  const words = JSON.parse(wordsScript.textContent) as Words
  const table = document.querySelector<HTMLTableElement>('#root[data-takeover] table')
  const body = table?.tBodies[0]
  if (!table?.tHead || !body?.querySelector('[data-state="loading"]')) return false
  const rows = (JSON.parse(early.text) as { data?: { list?: unknown } } | null)?.data?.list
  if (!Array.isArray(rows) || rows.length === 0) return false
  const hidden = hiddenColumns(list.columnsKey)
  const heads = [...table.tHead.querySelectorAll<HTMLElement>('th[data-testid^="column-"]')]
  // A list of one market has no market column (components/data-table/market-column.ts).
  const shown = heads.filter((head) => {
    const column = head.dataset.testid!.slice('column-'.length)
    return !hidden.has(column) && !(column === 'market' && market !== null)
  })
  const drawn = rows.map((row: Row, index) => {
    const cells = list.cells(row, words)
    return h(
      'tr',
      { role: 'row', 'data-index': String(index), class: PHONE_CARD_ROW },
      ...shown.map((head) => {
        const column = head.dataset.testid!.slice('column-'.length)
        const content = cells[column]
        if (content === undefined) throw new Error(`no early cell for ${column}`)
        const meta = list.meta?.[column] ?? {}
        const cell = h('td', { role: 'cell' }, content)
        // As table-body.tsx: the actions and the row number are known by their place on a card.
        if (!meta.pinnedEnd && !meta.cardLead) cell.dataset.label = head.textContent ?? ''
        if (meta.cardLead) cell.dataset.cardLead = 'true'
        cell.className = rowCellClass(meta)
        return cell
      }),
    )
  })
  for (const head of heads) if (!shown.includes(head)) head.remove()
  body.className = ROWS_BODY_CLASS
  body.dataset.earlyRows = ''
  body.replaceChildren(...drawn)
  table.removeAttribute('aria-busy')
  return true
}

/** The list boot script's `onFirstPage` (./list-page.ts) that draws `list`'s rows from the answer. */
export const drawEarlyRows =
  <Row, Words>(list: EarlyRows<Row, Words>): FirstPageSeen =>
  (answer, market) =>
    answer
      .then(async (early) => {
        // The answer can come before the parser has reached the table it fills (a fast network, a slow phone).
        if (early && !document.querySelector('#root table [data-state="loading"]')) await documentParsed()
        return early
      })
      .then((early) => {
        let drawn = false
        try {
          drawn = early !== null && paint(early, market, list)
        } catch {
          // A row this list cannot read: the app draws the page as it must.
        }
        // Settles once the rows are on screen (the page's code waits for it: ./list-page.ts).
        return drawn ? afterNextPaint() : undefined
      })
