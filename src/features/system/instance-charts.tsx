import { useCallback } from 'react'
import type { System } from '@contract/system'
import { REFUSAL_REASON_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { formatCount } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { wordFor } from '@/lib/words'
import type { ChartTheme } from '@/components/charts/chart'
import { baseOption, horizontalBarAxes, tooltip } from '@/components/charts/chart-style'
import { ChartFigure } from './figure-card'

type Instance = System['thisInstance']

const formatMs = (ms: number, locale: Locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms)

type Bars = {
  labels: string[]
  values: number[]
  colour: (theme: ChartTheme) => string
  format: (value: number, locale: Locale) => string
}

/** A horizontal bar per row, the largest on top: refusals by reason, routes by p95. */
function barsOption(theme: ChartTheme, locale: Locale, { labels, values, colour, format }: Bars) {
  const formatValue = (value: number) => format(value, locale)
  return {
    ...baseOption(theme),
    tooltip: { ...tooltip(theme, 'axis'), valueFormatter: (value: unknown) => formatValue(Number(value)) },
    grid: { left: 4, right: 12, top: 8, bottom: 4, containLabel: true },
    ...horizontalBarAxes(theme, labels, formatValue, 180),
    series: [{ type: 'bar' as const, data: values, itemStyle: { color: colour(theme) }, barMaxWidth: 14 }],
  }
}

/** This instance's refused events by reason, since it started. */
export function RefusalsChart({ instance, locale }: { instance: Instance; locale: Locale }) {
  const { refusals, events } = instance
  // Called again by the chart when the theme or the language changes: the words are read then.
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) =>
      barsOption(theme, locale, {
        labels: refusals.map((refusal) => wordFor(REFUSAL_REASON_WORDS, refusal.reason)),
        values: refusals.map((refusal) => refusal.events),
        colour: (theme) => theme.danger,
        format: formatCount,
      }),
    [refusals],
  )
  const labels = refusals.map((refusal) => wordFor(REFUSAL_REASON_WORDS, refusal.reason))
  return (
    <ChartFigure
      title={m.system_refusals_title()}
      source="instance"
      note={m.system_refusals_note({
        accepted: formatCount(events.accepted, locale),
        duplicate: formatCount(events.duplicate, locale),
        refused: formatCount(events.refused, locale),
      })}
      empty={refusals.length === 0}
      emptyText={m.system_refusals_empty()}
      data-testid="system-refusals"
      option={option}
      chartClassName="h-64"
      chartTestId="chart-refusals"
      summary={{
        columns: [m.system_reason(), m.system_events()],
        rows: refusals.map((refusal, index) => [labels[index] ?? refusal.reason, formatCount(refusal.events, locale)]),
      }}
    />
  )
}

/** This instance's API routes with the highest p95, as route templates. */
export function SlowRoutesChart({ instance, locale }: { instance: Instance; locale: Locale }) {
  const routes = instance.slowRoutes
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) =>
      barsOption(theme, locale, {
        labels: routes.map((route) => `${route.method} ${route.route.replace(/^\/api/, '')}`),
        values: routes.map((route) => route.p95Ms),
        colour: (theme) => theme.accent,
        format: (value, locale) => `${formatMs(value, locale)} ms`,
      }),
    [routes],
  )
  return (
    <ChartFigure
      title={m.system_routes_title()}
      source="instance"
      note={m.system_routes_note()}
      empty={routes.length === 0}
      emptyText={m.system_routes_empty()}
      data-testid="system-routes"
      option={option}
      chartClassName="h-64"
      chartTestId="chart-routes"
      summary={{
        columns: [m.system_route(), m.system_p95(), m.system_requests()],
        rows: routes.map((route) => [
          `${route.method} ${route.route}`,
          formatMs(route.p95Ms, locale),
          formatCount(route.requests, locale),
        ]),
      }}
    />
  )
}
