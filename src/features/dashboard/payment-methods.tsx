import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { formatCount, formatShare, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import type { ChartTheme } from '@/components/charts/chart-theme'
import { RingChart, type RingSpec } from '@/components/charts/svg-ring'
import { Skeleton } from '@/components/ui/skeleton'
import { methodLabel } from './labels'
import { methodsQuery, type Methods } from './queries'
import { Widget, type WidgetPlacement } from './widget'

const CHART_HEIGHT = 'h-72'

/** SPEC §1's payment-method ratio: today's takings by method, as a ring. */
export function PaymentMethods({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(methodsQuery(market))
  return (
    <Widget
      title={m.dashboard_methods_title()}
      query={query}
      isEmpty={(methods) => methods.every((method) => method.payments === 0)}
      emptyText={m.dashboard_empty_methods()}
      skeleton={<Skeleton className={CHART_HEIGHT} />}
      className={className}
      data-testid="widget-methods"
    >
      {(methods) => <MethodRing methods={methods} locale={locale} />}
    </Widget>
  )
}

/** Each method's part of the day's takings (0 when there were none). */
function shares(methods: Methods): number[] {
  const total = methods.reduce((sum, method) => sum + method.paymentFen, 0)
  return methods.map((method) => (total === 0 ? 0 : method.paymentFen / total))
}

function MethodRing({ methods, locale }: { methods: Methods; locale: Locale }) {
  // Drawn by the console itself, not ECharts: it is in the Workplace's first screen (issue 24).
  const spec = useCallback(
    (theme: ChartTheme): RingSpec => {
      // Methods with payments today, named in the language drawn, each keeping its colour whatever the others took.
      const parts = shares(methods)
      return {
        name: m.dashboard_methods_title(),
        format: (yuan) => formatYuan(Math.round(yuan * 100), locale),
        // Names and shares in the legend rather than labels around the ring: they fit a phone too.
        parts: methods
          .map((method, index) => ({
            name: methodLabel(method.method),
            value: method.paymentFen / 100,
            color: theme.series[index % theme.series.length] ?? theme.accent,
            note: formatShare(parts[index] ?? 0, locale),
          }))
          .filter((part) => part.value > 0),
      }
    },
    [methods, locale],
  )
  const parts = shares(methods)
  return (
    <RingChart
      label={m.dashboard_methods_title()}
      spec={spec}
      className={CHART_HEIGHT}
      data-testid="chart-methods"
      summary={{
        columns: [m.dashboard_method(), m.dashboard_amount(), m.dashboard_orders(), m.dashboard_share()],
        rows: methods.map((method, index) => [
          methodLabel(method.method),
          formatYuan(method.paymentFen, locale),
          formatCount(method.payments, locale),
          formatShare(parts[index] ?? 0, locale),
        ]),
      }}
    />
  )
}
