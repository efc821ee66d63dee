import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { formatClock, formatCount } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Chart, type ChartTheme } from '@/components/charts/chart'
import { baseOption, categoryAxis, tooltip, valueAxis } from '@/components/charts/chart-style'
import { Skeleton } from '@/components/ui/skeleton'
import { passengersQuery, type PassengerFlow } from './queries'
import { Widget, whenInView, type WidgetFrame, type WidgetPlacement } from './widget'

const CHART_HEIGHT = 'h-64'

const frame = (): WidgetFrame => ({
  title: m.dashboard_passengers_title(),
  skeleton: <Skeleton className={CHART_HEIGHT} />,
  'data-testid': 'widget-passengers',
})

/** SPEC §1's live passenger flow: visitors in per 10 minutes since midnight, updated as counters report. */
export const PassengerFlowWidget = whenInView(frame, PassengerFlow)

function PassengerFlow({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(passengersQuery(market))
  const total = query.data?.reduce((sum, slot) => sum + slot.in, 0)
  return (
    <Widget
      {...frame()}
      actions={
        total !== undefined && (
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="passengers-total" data-value={total}>
            {m.dashboard_passengers_total({ count: formatCount(total, locale) })}
          </p>
        )
      }
      query={query}
      isEmpty={(flow) => flow.every((slot) => slot.in === 0)}
      emptyText={m.dashboard_empty_passengers()}
      className={className}
    >
      {(flow) => <PassengerChart flow={flow} locale={locale} />}
    </Widget>
  )
}

function PassengerChart({ flow, locale }: { flow: PassengerFlow; locale: Locale }) {
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) => ({
      ...baseOption(theme),
      tooltip: {
        ...tooltip(theme, 'axis'),
        valueFormatter: (value: unknown) => formatCount(Number(value), locale),
      },
      grid: { left: 4, right: 8, top: 16, bottom: 4, containLabel: true },
      xAxis: categoryAxis(
        theme,
        flow.map((slot) => formatClock(slot.time)),
      ),
      yAxis: valueAxis(theme, (count) => formatCount(count, locale)),
      series: [
        {
          name: m.dashboard_passengers_in(),
          type: 'line' as const,
          data: flow.map((slot) => slot.in),
          smooth: 0.2,
          showSymbol: false,
          lineStyle: { width: 2, color: theme.accent },
          itemStyle: { color: theme.accent },
          areaStyle: { color: theme.primary[theme.dark ? 2 : 1], opacity: 0.6 },
        },
      ],
    }),
    [flow],
  )
  return (
    <Chart
      label={m.dashboard_passengers_title()}
      option={option}
      className={CHART_HEIGHT}
      data-testid="chart-passengers"
      summary={{
        columns: [m.dashboard_time(), m.dashboard_passengers_in()],
        // Only the intervals with visitors: 144 rows of zeros at night say nothing.
        rows: flow.filter((slot) => slot.in > 0).map((slot) => [formatClock(slot.time), formatCount(slot.in, locale)]),
      }}
    />
  )
}
