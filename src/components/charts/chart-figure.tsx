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

/**
 * Drawn again only when the figures change: a chart redraws on every pointer move and when its box is
 * measured, and each redraw of the table kept a second copy of its cells in React (issue 24's heap).
 */
const SummaryTable = memo(
  function SummaryTable({ captionId, label, summary }: { captionId: string; label: string; summary: ChartSummary }) {
    return (
      // Hidden in a box of a pixel that clips it: a table keeps its rows' height whatever its own class
      // says, and a long one (a day's flow, 144 rows) reached far below the page.
      <div className="sr-only">
        <table>
          <caption id={captionId}>{label}</caption>
          <thead>
            <tr>
              {summary.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  },
  (before, after) =>
    before.captionId === after.captionId && before.label === after.label && sameSummary(before.summary, after.summary),
)
