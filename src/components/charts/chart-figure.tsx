import { useId, type ReactNode } from 'react'

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
      {/* Hidden in a box of a pixel that clips it: a table keeps its rows' height whatever its own
          class says, and a long one (a day's flow, 144 rows) reached far below the page. */}
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
    </figure>
  )
}
