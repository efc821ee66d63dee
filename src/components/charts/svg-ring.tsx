import { useMemo, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import { ChartFigure, type ChartSummary } from './chart-figure'
import { ChartLegend } from './chart-legend'
import { useChartTheme, type ChartTheme } from './chart-theme'
import { ChartTooltip } from './chart-tooltip'
import { ringSegment } from './svg-geometry'
import { useBoxSize } from './use-box-size'

export type RingSpec = {
  /** The tooltip's title (the series' name). */
  name: string
  /** The parts, clockwise from twelve o'clock; those of 0 take no room but keep their legend entry. */
  parts: { name: string; value: number; color: string; note: string }[]
  format: (value: number) => string
}

type Props = {
  label: string
  /** The ring in the given colours; keep it stable (useCallback on its data): each new one redraws. */
  spec: (theme: ChartTheme) => RingSpec
  summary: ChartSummary
  /** The chart's box; give it a height (h-72). */
  className?: string
  'data-testid'?: string
}

/**
 * A ring of parts drawn as SVG by the console itself (issue 24), as ECharts draws a pie with two radii:
 * the ring a little above the middle, the legend (names and shares) below it; a part under the pointer
 * stands out and its tooltip says its value; a legend click leaves a part out.
 */
export function RingChart({ label, spec, summary, className, 'data-testid': testId }: Props) {
  const theme = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const size = useBoxSize(box)
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const [hover, setHover] = useState<{ name: string; x: number; y: number } | null>(null)
  const built = useMemo(() => spec(theme), [spec, theme])
  const shown = built.parts.filter((part) => !hidden.has(part.name) && part.value > 0)
  const total = shown.reduce((sum, part) => sum + part.value, 0)

  const toggle = (name: string) =>
    setHidden((previous) => {
      const next = new Set(previous)
      if (!next.delete(name)) next.add(name)
      return next
    })
  const drawn = size && size.width > 0
  const radius = drawn ? Math.min(size.width, size.height) / 2 : 0
  const cx = drawn ? size.width / 2 : 0
  const cy = drawn ? size.height * 0.44 : 0
  let turn = 0
  const hovered = hover ? built.parts.find((part) => part.name === hover.name) : undefined

  return (
    <ChartFigure label={label} summary={summary} data-testid={testId}>
      <div
        ref={box}
        className={cn('relative w-full', className)}
        aria-hidden
        data-chart
        data-drawn={drawn ? 'svg' : undefined}
        data-painted-theme={drawn ? (theme.dark ? 'dark' : 'light') : undefined}
        data-painted-accent={drawn ? theme.accent : undefined}
        data-series={built.name}
        style={{ backgroundColor: theme.background, fontFamily: theme.fontFamily }}
      >
        {drawn && (
          <svg width={size.width} height={size.height} className="block" onPointerLeave={() => setHover(null)}>
            {total > 0 &&
              shown.map((part) => {
                const start = turn
                turn += part.value / total
                const active = hover?.name === part.name
                return (
                  <path
                    key={part.name}
                    d={ringSegment(cx, cy, radius * 0.45, radius * 0.7 + (active ? 6 : 0), start, turn)}
                    fill={part.color}
                    stroke={theme.background}
                    strokeWidth={2}
                    strokeLinejoin="round"
                    onPointerMove={(event) => {
                      const rect = event.currentTarget.ownerSVGElement?.getBoundingClientRect()
                      setHover({
                        name: part.name,
                        x: event.clientX - (rect?.left ?? 0),
                        y: event.clientY - (rect?.top ?? 0),
                      })
                    }}
                  />
                )
              })}
          </svg>
        )}
        <ChartLegend
          entries={built.parts.map((part) => ({
            name: part.name,
            color: part.color,
            shape: 'ring',
            active: !hidden.has(part.name),
            note: part.note,
          }))}
          onToggle={toggle}
          className="absolute inset-x-0 bottom-0"
        />
        {drawn && hover && hovered && (
          <ChartTooltip
            theme={theme}
            x={hover.x}
            y={hover.y}
            width={size.width}
            title={built.name}
            rows={[{ name: hovered.name, color: hovered.color, value: built.format(hovered.value) }]}
          />
        )}
      </div>
    </ChartFigure>
  )
}
