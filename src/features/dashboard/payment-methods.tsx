import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { formatCount, formatShare, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Chart, type ChartTheme } from '@/components/charts/chart'
import { baseOption, legend, tooltip } from '@/components/charts/chart-style'
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
  const option = useCallback(
    (theme: ChartTheme, locale: Locale) => {
      // Methods with payments today, named in the language drawn, each keeping its colour whatever the others took.
      const parts = shares(methods)
      const shown = methods
        .map((method, index) => ({
          name: methodLabel(method.method),
          fen: method.paymentFen,
          share: parts[index] ?? 0,
          index,
        }))
        .filter((method) => method.fen > 0)
      return {
        ...baseOption(theme),
        tooltip: {
          ...tooltip(theme, 'item'),
          valueFormatter: (value: unknown) => formatYuan(Number(value) * 100, locale),
        },
        // Names and shares in the legend rather than labels around the ring: they fit a phone too.
        legend: {
          ...legend(theme),
          top: 'auto',
          bottom: 0,
          formatter: (name: string) => {
            const method = shown.find((entry) => entry.name === name)
            return method ? `${name} ${formatShare(method.share, locale)}` : name
          },
        },
        series: [
          {
            name: m.dashboard_methods_title(),
            type: 'pie' as const,
            radius: ['45%', '70%'],
            center: ['50%', '44%'],
            itemStyle: { borderColor: theme.background, borderWidth: 2 },
            label: { show: false },
            data: shown.map((method) => ({
              name: method.name,
              value: method.fen / 100,
              itemStyle: { color: theme.series[method.index % theme.series.length] },
            })),
          },
        ],
      }
    },
    [methods],
  )
  const parts = shares(methods)
  return (
    <Chart
      label={m.dashboard_methods_title()}
      option={option}
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
