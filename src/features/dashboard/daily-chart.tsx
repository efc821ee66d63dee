import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Daily } from '@contract/dashboard'
import { m } from '@/paraglide/messages'
import { formatCount, formatDay, formatYuan, formatYuanCompact } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import type { ChartTheme } from '@/components/charts/chart-theme'
import { CartesianChart, type CartesianSpec } from '@/components/charts/svg-cartesian'
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
  // Drawn by the console itself, not ECharts: it is in the Workplace's first screen (issue 24).
  const spec = useCallback(
    (theme: ChartTheme): CartesianSpec => ({
      categories: days.map((day) => formatDay(day.day, locale)),
      axes: [(yuan) => formatYuanCompact(yuan * 100, locale), (count) => formatCount(count, locale)],
      legend: true,
      top: 40,
      series: [
        {
          name: m.dashboard_amount_yuan(),
          type: 'bar',
          data: days.map((day) => day.paymentFen / 100),
          color: theme.accent,
          barRadius: 2,
          barMaxWidth: 18,
          format: (yuan) => formatYuan(Math.round(yuan * 100), locale),
        },
        {
          name: m.dashboard_orders(),
          type: 'line',
          axis: 1,
          data: days.map((day) => day.payments),
          smooth: 0.5,
          color: theme.series[2] ?? theme.accent,
          format: (count) => formatCount(count, locale),
        },
      ],
    }),
    [days, locale],
  )
  return (
    <CartesianChart
      label={m.dashboard_daily_title()}
      spec={spec}
      className={CHART_HEIGHT}
      data-testid="chart-daily"
      summary={{
        columns: [m.dashboard_day(), m.dashboard_amount(), m.dashboard_orders()],
        rows: days.map((day) => [day.day, formatYuan(day.paymentFen, locale), formatCount(day.payments, locale)]),
      }}
    />
  )
}
