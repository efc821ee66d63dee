import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Daily } from '@contract/dashboard'
import { m } from '@/paraglide/messages'
import { formatCount, formatDay, formatYuan, formatYuanCompact } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Chart, type ChartTheme } from '@/components/charts/chart'
import { baseOption, categoryAxis, legend, tooltip, valueAxis } from '@/components/charts/chart-style'
import { Skeleton } from '@/components/ui/skeleton'
import { dailyQuery } from './queries'
import { Widget, type WidgetPlacement } from './widget'

const CHART_HEIGHT = 'h-72'

/** SPEC §1's 30-day statistic: takings a day (bars) and orders a day (a line on its own axis). */
export function DailyChart({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(dailyQuery(market))
  return (
    <Widget
      title={m.dashboard_daily_title()}
      query={query}
      isEmpty={(days) => days.every((day) => day.payments === 0)}
      emptyText={m.dashboard_empty_days()}
      skeleton={<Skeleton className={CHART_HEIGHT} />}
      className={className}
      data-testid="widget-daily"
    >
      {(days) => <DailyFigures days={days} locale={locale} />}
    </Widget>
  )
}

function DailyFigures({ days, locale }: { days: Daily; locale: Locale }) {
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) => ({
      ...baseOption(theme),
      tooltip: {
        ...tooltip(theme, 'axis'),
        valueFormatter: (value: unknown) => (typeof value === 'number' ? formatCount(value, locale) : String(value)),
      },
      legend: legend(theme),
      grid: { left: 4, right: 4, top: 40, bottom: 4, containLabel: true },
      xAxis: categoryAxis(
        theme,
        days.map((day) => formatDay(day.day, locale)),
      ),
      yAxis: [
        valueAxis(theme, (yuan) => formatYuanCompact(yuan * 100, locale)),
        valueAxis(theme, (count) => formatCount(count, locale), { grid: false }),
      ],
      series: [
        {
          name: m.dashboard_amount_yuan(),
          type: 'bar' as const,
          data: days.map((day) => day.paymentFen / 100),
          itemStyle: { color: theme.accent, borderRadius: [2, 2, 0, 0] },
          barMaxWidth: 18,
          tooltip: { valueFormatter: (value: unknown) => formatYuan(Number(value) * 100, locale) },
        },
        {
          name: m.dashboard_orders(),
          type: 'line' as const,
          yAxisIndex: 1,
          data: days.map((day) => day.payments),
          smooth: true,
          showSymbol: false,
          lineStyle: { width: 2, color: theme.series[2] },
          itemStyle: { color: theme.series[2] },
        },
      ],
    }),
    [days],
  )
  return (
    <Chart
      label={m.dashboard_daily_title()}
      option={option}
      className={CHART_HEIGHT}
      data-testid="chart-daily"
      summary={{
        columns: [m.dashboard_day(), m.dashboard_amount(), m.dashboard_orders()],
        rows: days.map((day) => [day.day, formatYuan(day.paymentFen, locale), formatCount(day.payments, locale)]),
      }}
    />
  )
}
