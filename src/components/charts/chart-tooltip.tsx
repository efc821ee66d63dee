import type { ChartTheme } from './chart-theme'

type Row = { name: string; color: string; value: string }

const WIDTH_GUESS = 180

/**
 * The tooltip of the console's SVG charts, in ECharts' look: a title, then a coloured dot, the name and
 * the value of each series. Beside the pointer, on its left when the right side has no room (inside
 * the chart's box: on a phone it must not push the page sideways).
 */
export function ChartTooltip({
  theme,
  x,
  y,
  width,
  title,
  rows,
}: {
  theme: ChartTheme
  x: number
  y: number
  /** The chart's width, to keep the tooltip inside. */
  width: number
  title: string
  rows: Row[]
}) {
  const onLeft = x + 16 + WIDTH_GUESS > width
  return (
    <div
      className="pointer-events-none absolute z-10 min-w-32 rounded border px-2.5 py-2 text-sm whitespace-nowrap shadow-md"
      style={{
        top: Math.max(0, y - 24),
        ...(onLeft ? { right: Math.max(0, width - x + 16) } : { left: x + 16 }),
        backgroundColor: theme.popover,
        borderColor: theme.border,
        color: theme.text,
      }}
      data-testid="chart-tooltip"
    >
      {title && <div className="mb-1">{title}</div>}
      {rows.map((row) => (
        <div key={row.name} className="flex items-center gap-2">
          <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: row.color }} />
          <span>{row.name}</span>
          <span className="ml-auto pl-4 font-semibold tabular-nums">{row.value}</span>
        </div>
      ))}
    </div>
  )
}
