import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  RANKING_PERIODS,
  RANKING_SIZE,
  type Ranking,
  type RankingMetric,
  type RankingPeriod,
} from '@contract/dashboard'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { formatCount, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { periodLabel } from './labels'
import { rankingQuery } from './queries'
import { Widget, WidgetWhenInView, type WidgetFrame, type WidgetPlacement } from './widget'

/** Today / 7 days / 30 days: a group of pressed-or-not buttons, each reachable with Tab. */
function PeriodSwitch({
  value,
  onChange,
  disabled,
}: {
  value: RankingPeriod
  onChange: (period: RankingPeriod) => void
  disabled?: boolean
}) {
  return (
    <div role="group" aria-label={m.dashboard_period()} className="inline-flex rounded-md bg-muted p-0.5">
      {RANKING_PERIODS.map((period) => (
        <Button
          key={period}
          type="button"
          size="sm"
          variant="ghost"
          aria-pressed={value === period}
          disabled={disabled}
          className={cn(
            'h-7 px-2.5 text-xs',
            value === period ? 'bg-card text-primary shadow-sm hover:bg-card' : 'text-muted-foreground',
          )}
          onClick={() => onChange(period)}
        >
          {periodLabel(period)}
        </Button>
      ))}
    </div>
  )
}

function RankingSkeleton() {
  return (
    <div className="space-y-2.5">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-7" />
      ))}
    </div>
  )
}

function RankingList({
  rows,
  metric,
  allMarkets,
  locale,
}: {
  rows: Ranking
  metric: RankingMetric
  allMarkets: boolean
  locale: Locale
}) {
  const value = (row: Ranking[number]) => (metric === 'amount' ? row.paymentFen : row.payments)
  const top = Math.max(1, ...rows.map(value))
  return (
    <ol className="m-0 list-none space-y-2 p-0" data-testid={`ranking-${metric}`}>
      {rows.slice(0, RANKING_SIZE).map((row, index) => (
        <li
          key={row.merchantId}
          className="relative grid grid-cols-[1.75rem_minmax(0,1fr)_auto] items-center gap-x-2 text-sm"
        >
          <span className="sr-only">{`${m.dashboard_rank()} ${index + 1}`}</span>
          <span
            aria-hidden
            className={cn(
              'flex size-6 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
              index < 3 ? 'bg-primary-solid text-primary-foreground' : 'bg-muted text-muted-foreground',
            )}
          >
            {index + 1}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{row.merchantName}</span>
            <span className="block truncate text-xs text-muted-foreground">
              {allMarkets ? `${row.marketName} · ${row.stallNo}` : row.stallNo}
            </span>
          </span>
          <span className="text-right tabular-nums">
            <span className="block font-medium">
              {metric === 'amount' ? formatYuan(row.paymentFen, locale) : formatCount(row.payments, locale)}
            </span>
            <span className="block text-xs text-muted-foreground">
              {metric === 'amount'
                ? m.dashboard_orders_n({ count: formatCount(row.payments, locale) })
                : formatYuan(row.paymentFen, locale)}
            </span>
          </span>
          {/* A bar in proportion to the leader: the list reads as a chart at a glance. */}
          <span aria-hidden className="col-start-2 col-end-4 h-1 overflow-hidden rounded bg-muted">
            <span
              className="block h-full rounded bg-primary"
              style={{ width: `${Math.max(2, (value(row) / top) * 100)}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  )
}

const frame = (metric: RankingMetric): WidgetFrame => ({
  title: metric === 'amount' ? m.dashboard_ranking_amount_title() : m.dashboard_ranking_orders_title(),
  skeleton: <RankingSkeleton />,
  'data-testid': `widget-ranking-${metric}`,
})

/**
 * SPEC §1's transaction ranking (merchants by takings) or sales ranking (by order count): the top 10
 * over today, 7 or 30 days. Until it is in view its card shows the switch as it starts (today), so
 * nothing moves when the ranking takes its place; disabled there, so Tab never lands on a button that
 * is about to be replaced.
 */
export function RankingWidget(placement: WidgetPlacement & { metric: RankingMetric }) {
  return (
    <WidgetWhenInView
      frame={{
        ...frame(placement.metric),
        actions: <PeriodSwitch value="today" onChange={() => undefined} disabled />,
      }}
      className={placement.className}
    >
      <MerchantRanking {...placement} />
    </WidgetWhenInView>
  )
}

function MerchantRanking({ market, metric, locale, className }: WidgetPlacement & { metric: RankingMetric }) {
  const [period, setPeriod] = useState<RankingPeriod>('today')
  const query = useQuery(rankingQuery(market, period, metric))
  return (
    <Widget
      {...frame(metric)}
      actions={<PeriodSwitch value={period} onChange={setPeriod} />}
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText={m.dashboard_ranking_empty()}
      className={className}
    >
      {(rows) => (
        <div
          className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={query.isPlaceholderData}
        >
          <RankingList rows={rows} metric={metric} allMarkets={market === null} locale={locale} />
        </div>
      )}
    </Widget>
  )
}
