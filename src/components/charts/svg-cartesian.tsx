import { useMemo, useRef, useState, type PointerEvent } from 'react'
import { cn } from '@/lib/cn'
import { ChartFigure, type ChartSummary } from './chart-figure'
import { useChartTheme, type ChartTheme } from './chart-theme'
import { ChartLegend, type LegendEntry } from './chart-legend'
import { ChartTooltip } from './chart-tooltip'
import { bandAt, linePath, niceTicks, textWidth } from './svg-geometry'
import { useBoxSize } from './use-box-size'

type CartesianSeries = {
  name: string
  type: 'bar' | 'line'
  data: number[]
  color: string
  /** The axis it is read against: 0 on the left (the default), 1 on the right. */
  axis?: 0 | 1
  /** 0–1; straight segments when left out. */
  smooth?: number
  /** Filled down to zero (lines). */
  area?: { color: string; opacity: number }
  opacity?: number
  barMaxWidth?: number
  /** Rounds a bar's top corners. */
  barRadius?: number
  /** The value as the tooltip writes it. */
  format: (value: number) => string
}

export type CartesianSpec = {
  categories: string[]
  series: CartesianSeries[]
  /** Each axis's labels: the left one, and the right one when a series is read against it. */
  axes: [(value: number) => string, ((value: number) => string)?]
  legend?: boolean
  /** Room above the plot (for the legend), as ECharts' grid.top. */
  top: number
}

type Props = {
  label: string
  /** The chart in the given colours; keep it stable (useCallback on its data): each new one redraws. */
  spec: (theme: ChartTheme) => CartesianSpec
  summary: ChartSummary
  /** The chart's box; give it a height (h-72). */
  className?: string
  'data-testid'?: string
}

const FONT_SIZE = 12
const LABEL_MARGIN = 8
const EDGE = 4

/**
 * A bar-and-line chart on category axes drawn as SVG by the console itself (issue 24): the charts in
 * the Workplace's first screen draw with no chart engine to download, the moment their figures arrive,
 * in the same colours, axes, legend and tooltip as the ECharts ones below them (./chart.tsx).
 */
export function CartesianChart({ label, spec, summary, className, 'data-testid': testId }: Props) {
  const theme = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const size = useBoxSize(box)
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const [pointer, setPointer] = useState<{ index: number; x: number; y: number } | null>(null)
  const built = useMemo(() => spec(theme), [spec, theme])
  const shown = built.series.filter((series) => !hidden.has(series.name))
  const plot = size && size.width > 0 ? layout(built, shown, size.width, size.height, theme.fontFamily) : null

  const toggle = (name: string) =>
    setHidden((previous) => {
      const next = new Set(previous)
      if (!next.delete(name)) next.add(name)
      return next
    })
  const legend: LegendEntry[] = built.series.map((series) => ({
    name: series.name,
    color: series.color,
    shape: series.type,
    active: !hidden.has(series.name),
  }))
  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!plot) return
    const rect = event.currentTarget.getBoundingClientRect()
    const x = event.clientX - rect.left
    const y = event.clientY - rect.top
    if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom) return setPointer(null)
    setPointer({ index: bandAt(x, plot.left, plot.band, built.categories.length), x, y })
  }

  return (
    <ChartFigure label={label} summary={summary} data-testid={testId}>
      <div
        ref={box}
        className={cn('relative w-full', className)}
        aria-hidden
        data-chart
        data-drawn={plot ? 'svg' : undefined}
        data-painted-theme={plot ? (theme.dark ? 'dark' : 'light') : undefined}
        data-painted-accent={plot ? theme.accent : undefined}
        data-series={built.series.map((series) => series.name).join('|')}
        style={{ backgroundColor: theme.background, fontFamily: theme.fontFamily }}
      >
        {built.legend && <ChartLegend entries={legend} onToggle={toggle} className="absolute inset-x-0 top-0" />}
        {plot && (
          <svg
            width={size?.width}
            height={size?.height}
            className="block"
            onPointerMove={point}
            onPointerDown={point}
            onPointerLeave={() => setPointer(null)}
          >
            <Axes plot={plot} theme={theme} categories={built.categories} />
            {pointer && (
              <line
                x1={plot.left + plot.band * (pointer.index + 0.5)}
                x2={plot.left + plot.band * (pointer.index + 0.5)}
                y1={plot.top}
                y2={plot.bottom}
                stroke={theme.muted}
                strokeOpacity={0.5}
              />
            )}
            {shown.map((series) => (
              <SeriesShape key={series.name} series={series} plot={plot} bars={plot.bars} />
            ))}
          </svg>
        )}
        {plot && pointer && (
          <ChartTooltip
            theme={theme}
            x={pointer.x}
            y={pointer.y}
            width={size?.width ?? 0}
            title={built.categories[pointer.index] ?? ''}
            rows={shown.map((series) => ({
              name: series.name,
              color: series.color,
              value: series.format(series.data[pointer.index] ?? 0),
            }))}
          />
        )}
      </div>
    </ChartFigure>
  )
}

type Plot = {
  left: number
  right: number
  top: number
  bottom: number
  band: number
  /** Each axis's ticks (the right one empty when nothing is read against it). */
  ticks: [number[], number[]]
  formats: [(value: number) => string, (value: number) => string]
  /** Every nth category is labelled, so labels never overlap. */
  labelEvery: number
  /** The bar series shown, in order: each takes its own slot in a band. */
  bars: string[]
  font: string
}

function layout(spec: CartesianSpec, shown: CartesianSeries[], width: number, height: number, family: string): Plot {
  const font = `${FONT_SIZE}px ${family}`
  const maxOf = (axis: 0 | 1) =>
    Math.max(0, ...shown.filter((series) => (series.axis ?? 0) === axis).flatMap((series) => series.data))
  const rightUsed = spec.series.some((series) => series.axis === 1)
  const leftFormat = spec.axes[0]
  const rightFormat = spec.axes[1] ?? leftFormat
  const ticks: [number[], number[]] = [niceTicks(maxOf(0)), rightUsed ? niceTicks(maxOf(1)) : []]
  const widest = (values: number[], format: (value: number) => string) =>
    Math.max(0, ...values.map((value) => textWidth(format(value), font)))
  const left = EDGE + widest(ticks[0], leftFormat) + LABEL_MARGIN
  const right = width - EDGE - (rightUsed ? widest(ticks[1], rightFormat) + LABEL_MARGIN : 4)
  const top = spec.top
  const bottom = height - EDGE - FONT_SIZE - LABEL_MARGIN - 2
  const count = Math.max(1, spec.categories.length)
  const band = Math.max(1, (right - left) / count)
  const labelWidth = Math.max(0, ...spec.categories.map((category) => textWidth(category, font))) + 8
  return {
    left,
    right,
    top,
    bottom,
    band,
    ticks,
    formats: [leftFormat, rightFormat],
    labelEvery: Math.max(1, Math.ceil(labelWidth / band)),
    bars: shown.filter((series) => series.type === 'bar').map((series) => series.name),
    font,
  }
}

const yOf = (plot: Plot, axis: 0 | 1, value: number) => {
  const ticks = plot.ticks[axis]
  const max = ticks[ticks.length - 1] ?? 1
  return plot.bottom - (Math.max(0, value) / (max || 1)) * (plot.bottom - plot.top)
}

function Axes({ plot, theme, categories }: { plot: Plot; theme: ChartTheme; categories: string[] }) {
  const text = { fill: theme.muted, fontSize: FONT_SIZE }
  return (
    <g>
      {plot.ticks[0].map((value) => {
        const y = Math.round(yOf(plot, 0, value)) + 0.5
        return (
          <g key={`l${value}`}>
            {value > 0 && (
              <line x1={plot.left} x2={plot.right} y1={y} y2={y} stroke={theme.border} strokeDasharray="5 5" />
            )}
            <text x={plot.left - LABEL_MARGIN} y={y} textAnchor="end" dominantBaseline="central" {...text}>
              {plot.formats[0](value)}
            </text>
          </g>
        )
      })}
      {plot.ticks[1].map((value) => (
        <text
          key={`r${value}`}
          x={plot.right + LABEL_MARGIN}
          y={yOf(plot, 1, value)}
          dominantBaseline="central"
          {...text}
        >
          {plot.formats[1](value)}
        </text>
      ))}
      <line
        x1={plot.left}
        x2={plot.right}
        y1={Math.round(plot.bottom) + 0.5}
        y2={Math.round(plot.bottom) + 0.5}
        stroke={theme.border}
      />
      {categories.map((category, index) =>
        index % plot.labelEvery === 0 ? (
          <text
            key={index}
            x={plot.left + plot.band * (index + 0.5)}
            y={plot.bottom + LABEL_MARGIN}
            textAnchor="middle"
            dominantBaseline="hanging"
            {...text}
          >
            {category}
          </text>
        ) : null,
      )}
    </g>
  )
}

function SeriesShape({ series, plot, bars }: { series: CartesianSeries; plot: Plot; bars: string[] }) {
  const axis = series.axis ?? 0
  if (series.type === 'bar') {
    // ECharts' defaults: bars share 80% of a band, each at most barMaxWidth wide, side by side.
    const slot = (plot.band * 0.8) / Math.max(1, bars.length)
    const width = Math.max(1, Math.min(series.barMaxWidth ?? Infinity, slot * 0.77))
    const offset = plot.band * 0.1 + slot * bars.indexOf(series.name) + (slot - width) / 2
    const radius = Math.min(series.barRadius ?? 0, width / 2)
    // Every bar of a series in one path: one element, not one per day or minute (fewer nodes to keep).
    const outline = series.data
      .map((value, index) => {
        if (value <= 0) return ''
        const x = plot.left + plot.band * index + offset
        const y = yOf(plot, axis, value)
        const r = Math.min(radius, plot.bottom - y)
        return `M${x},${plot.bottom}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${plot.bottom}Z`
      })
      .join('')
    return outline ? <path d={outline} fill={series.color} opacity={series.opacity} /> : null
  }
  const points = series.data.map(
    (value, index) => [plot.left + plot.band * (index + 0.5), yOf(plot, axis, value)] as const,
  )
  const line = linePath(points, series.smooth ?? 0, plot.top, plot.bottom)
  const first = points[0]
  const last = points[points.length - 1]
  return (
    <g>
      {series.area && first && last && (
        <path
          d={`${line}L${last[0]},${plot.bottom}L${first[0]},${plot.bottom}Z`}
          fill={series.area.color}
          fillOpacity={series.area.opacity}
        />
      )}
      <path d={line} fill="none" stroke={series.color} strokeWidth={2} strokeLinejoin="round" />
    </g>
  )
}
