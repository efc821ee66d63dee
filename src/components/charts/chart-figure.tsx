import { memo, useId, type ReactNode } from 'react'

/** The chart's figures as a table, for screen readers (a canvas or a drawing says nothing to them). */
export type ChartSummary = {
  columns: string[]
  rows: (string | number)[][]
}

/**
 * What every chart stands in, however it is drawn: a figure named by its caption, the drawing (hidden
 * from screen readers) and a visually hidden table of the same figures, which takes no room on the page.
 */
export function ChartFigure({
  label,
  summary,
  children,
  'data-testid': testId,
}: {
  label: string
  summary: ChartSummary
  children: ReactNode
  'data-testid'?: string | undefined
}) {
  const captionId = useId()
  return (
    <figure className="relative m-0" aria-labelledby={captionId} data-testid={testId}>
      {children}
      <SummaryTable captionId={captionId} label={label} summary={summary} />
    </figure>
  )
}

/** The same figures, row for row (a chart's callers build its summary afresh on every render). */
function sameSummary(a: ChartSummary, b: ChartSummary): boolean {
  const sameRow = (x: readonly (string | number)[], y: readonly (string | number)[] | undefined) =>
    y !== undefined && x.length === y.length && x.every((cell, i) => cell === y[i])
  return (
    sameRow(a.columns, b.columns) &&
    a.rows.length === b.rows.length &&
    a.rows.every((row, i) => sameRow(row, b.rows[i]))
  )
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const escape = (text: string | number) => String(text).replace(/[&<>"]/g, (character) => ESCAPES[character] ?? '')

/** The table as HTML: a row header, then the values, each row's first cell naming it. */
function summaryTableHtml(captionId: string, label: string, summary: ChartSummary): string {
  const head = summary.columns.map((column) => `<th scope="col">${escape(column)}</th>`).join('')
  const rows = summary.rows
    .map(
      (row) =>
        `<tr>${row.map((cell, column) => (column === 0 ? `<th scope="row">${escape(cell)}</th>` : `<td>${escape(cell)}</td>`)).join('')}</tr>`,
    )
    .join('')
  return `<table><caption id="${escape(captionId)}">${escape(label)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`
}

/**
 * Drawn again only when the figures change: a chart redraws on every pointer move and when its box is
 * measured, and each redraw of the table kept a second copy of its cells in React (issue 24's heap).
 * Written as HTML, not React rows: nothing on the page reads or changes a cell, and a chart's table is
 * most of its elements (the Workplace's first screen holds 60 rows of them).
 * Hidden in a box of a pixel that clips it: a table keeps its rows' height whatever its own class says,
 * and a long one (a day's flow, 144 rows) reached far below the page.
 */
const SummaryTable = memo(
  function SummaryTable({ captionId, label, summary }: { captionId: string; label: string; summary: ChartSummary }) {
    return <div className="sr-only" dangerouslySetInnerHTML={{ __html: summaryTableHtml(captionId, label, summary) }} />
  },
  (before, after) =>
    before.captionId === after.captionId && before.label === after.label && sameSummary(before.summary, after.summary),
)
