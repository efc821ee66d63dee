import { useEffect, useRef, useState } from 'react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { useLocale, type Locale } from '@/lib/locale'
import { Skeleton } from '@/components/ui/skeleton'
import { ChartFigure, type ChartSummary } from './chart-figure'
import { useChartTheme, type ChartTheme } from './chart-theme'
import { useInView } from './use-in-view'
import type * as EngineModule from './engine'
import type { ChartOption } from './engine'

export type { ChartTheme } from './chart-theme'

type Engine = typeof EngineModule
type ChartInstance = ReturnType<Engine['init']>

/** ECharts loads with the first chart drawn, never with the pages that draw none. */
let engine: Engine | null = null
let loading: Promise<Engine> | null = null
function loadEngine(): Promise<Engine> {
  loading ??= import('./engine').then(
    (module) => (engine = module),
    (error: unknown) => {
      // A chunk that failed to arrive (offline) is asked for again by the next chart that mounts.
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * Starts loading the chart engine now, so it arrives while a page's data does rather than after it
 * (a page whose charts are all in its first screen may call this as it mounts; the Workplace does not:
 * its first screen draws without the engine).
 */
export function preloadCharts(): void {
  void loadEngine().catch(() => {
    // The chart that needs it says so, and asks again.
  })
}

type ChartProps = {
  /** What the chart shows, in a few words: the table's caption and the figure's name. */
  label: string
  /**
   * The ECharts option in the given colours and language. Keep it stable (useCallback on its data and
   * locale): each new function repaints the chart.
   */
  option: (theme: ChartTheme, locale: Locale) => ChartOption
  summary: ChartSummary
  /** The chart's box; give it a height (h-64). */
  className?: string
  'data-testid'?: string
}

const echartsLocale = (locale: Locale) => (locale === 'zh-CN' ? 'ZH' : 'EN')

/**
 * The one way the console draws a chart with Apache ECharts (canvas). It paints in the theme's colours
 * and repaints when the theme, its colour or the language changes, follows its container's size,
 * disposes of the chart when it leaves, and puts a visually hidden table of the same figures beside
 * the canvas for screen readers, which takes no room on the page.
 * The engine (~150 KB) loads when the chart's box first scrolls into view, never before (issue 24:
 * a page's first visit fetches nothing for charts below the fold); until then a skeleton fills the
 * box, which has its final size from the start, so nothing moves when the chart draws.
 */
export function Chart({ label, option, summary, className, 'data-testid': testId }: ChartProps) {
  const locale = useLocale()
  const theme = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<ChartInstance | null>(null)
  const [ready, setReady] = useState<Engine | null>(engine)
  const [failed, setFailed] = useState(false)
  const seen = useInView(box)

  useEffect(() => {
    if (ready || !seen) return
    let live = true
    loadEngine().then(
      (module) => live && setReady(module),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [ready, seen])

  // One instance per language (ECharts takes its locale at init); disposed when it changes or the chart goes.
  useEffect(() => {
    const element = box.current
    if (!ready || !element) return
    const instance = ready.init(element, null, { renderer: 'canvas', locale: echartsLocale(locale) })
    chart.current = instance
    let frame = 0
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            cancelAnimationFrame(frame)
            frame = requestAnimationFrame(() => instance.resize())
          })
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      cancelAnimationFrame(frame)
      instance.dispose()
      chart.current = null
    }
  }, [ready, locale])

  useEffect(() => {
    const instance = chart.current
    const element = box.current
    if (!instance || !element) return
    const next = option(theme, locale)
    instance.setOption({ backgroundColor: theme.background, ...next })
    // What was painted, for tests and for anyone inspecting the page.
    element.dataset.paintedTheme = theme.dark ? 'dark' : 'light'
    element.dataset.paintedAccent = theme.accent
    element.dataset.series = (Array.isArray(next.series) ? next.series : [next.series])
      .map((series) => (series && 'name' in series ? String(series.name ?? '') : ''))
      .join('|')
  }, [ready, locale, option, theme])

  return (
    <ChartFigure label={label} summary={summary} data-testid={testId}>
      <div
        ref={box}
        className={cn('w-full', className)}
        aria-hidden
        data-chart
        data-drawn={ready ? 'echarts' : undefined}
      />
      {!ready && !failed && <Skeleton className="absolute inset-0" data-testid="chart-placeholder" />}
      {failed && (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground">
          {m.chart_unavailable()}
        </p>
      )}
    </ChartFigure>
  )
}
