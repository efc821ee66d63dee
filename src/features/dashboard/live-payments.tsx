import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { formatClock, formatCount, formatYuan, formatYuanCompact } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import type { ChartTheme } from '@/components/charts/chart-theme'
import { CartesianChart, type CartesianSpec } from '@/components/charts/svg-cartesian'
import { Skeleton } from '@/components/ui/skeleton'
import { minutesQuery, type Minutes } from './queries'
import { Widget, type WidgetPlacement } from './widget'

const CHART_HEIGHT = 'h-60'

function LiveSkeleton() {
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className={CHART_HEIGHT} />
    </div>
  )
}

/**
 * SPEC §1's live payment amount and order count: the last hour's totals, ticking as payments arrive,
 * and a point a minute (the current minute last), moving on with the clock.
 */
export function LivePayments({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(minutesQuery(market))
  return (
    <Widget
      title={m.dashboard_live_title()}
      query={query}
      skeleton={<LiveSkeleton />}
      className={className}
      data-testid="widget-live"
    >
      {(minutes) => <LiveFigures minutes={minutes} locale={locale} />}
    </Widget>
  )
}

function LiveFigures({ minutes, locale }: { minutes: Minutes; locale: Locale }) {
  const amount = minutes.reduce((sum, minute) => sum + minute.paymentFen, 0)
  const orders = minutes.reduce((sum, minute) => sum + minute.payments, 0)
  // Drawn by the console itself, not ECharts: its top is in the Workplace's first screen (issue 24).
  const spec = useCallback(
    (theme: ChartTheme): CartesianSpec => ({
      categories: minutes.map((minute) => formatClock(minute.time)),
      axes: [(yuan) => formatYuanCompact(yuan * 100, locale), (count) => formatCount(count, locale)],
      legend: true,
      top: 36,
      series: [
        {
          name: m.dashboard_amount_yuan(),
          type: 'line',
          data: minutes.map((minute) => minute.paymentFen / 100),
          // Straight segments: a smoothed line overshoots between sparse minutes (below zero, too).
          color: theme.accent,
          area: { color: theme.primary[theme.dark ? 2 : 1] ?? theme.accent, opacity: 0.5 },
          format: (yuan) => formatYuan(Math.round(yuan * 100), locale),
        },
        {
          name: m.dashboard_orders(),
          type: 'bar',
          axis: 1,
          data: minutes.map((minute) => minute.payments),
          barMaxWidth: 6,
          color: theme.series[1] ?? theme.accent,
          opacity: 0.8,
          format: (count) => formatCount(count, locale),
        },
      ],
    }),
    [minutes, locale],
  )
  const active = minutes.filter((minute) => minute.payments > 0)
  return (
    <div className="space-y-3">
      <dl className="m-0 grid grid-cols-2 gap-3">
        <div className="rounded-md bg-muted/60 px-3 py-2" data-testid="live-amount" data-value={amount}>
          <dt className="text-xs text-muted-foreground">{m.dashboard_last_hour_amount()}</dt>
          <dd className="m-0 text-xl font-semibold tabular-nums">{formatYuan(amount, locale)}</dd>
        </div>
        <div className="rounded-md bg-muted/60 px-3 py-2" data-testid="live-orders" data-value={orders}>
          <dt className="text-xs text-muted-foreground">{m.dashboard_last_hour_orders()}</dt>
          <dd className="m-0 text-xl font-semibold tabular-nums">{formatCount(orders, locale)}</dd>
        </div>
      </dl>
      {active.length === 0 ? (
        <p className="flex items-center justify-center py-10 text-sm text-muted-foreground" data-state="empty">
          {m.dashboard_empty_hour()}
        </p>
      ) : (
        <CartesianChart
          label={m.dashboard_live_title()}
          spec={spec}
          className={CHART_HEIGHT}
          data-testid="chart-live"
          summary={{
            columns: [m.dashboard_time(), m.dashboard_amount(), m.dashboard_orders()],
            // The minutes with payments: sixty rows of zeros say nothing.
            rows: active.map((minute) => [
              formatClock(minute.time),
              formatYuan(minute.paymentFen, locale),
              formatCount(minute.payments, locale),
            ]),
          }}
        />
      )}
    </div>
  )
}
