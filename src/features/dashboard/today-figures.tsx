import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Minus } from 'lucide-react'
import type { Today } from '@contract/dashboard'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { formatChange, formatCount, formatYuan } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Skeleton } from '@/components/ui/skeleton'
import { todayQuery } from './queries'
import { Widget, type WidgetPlacement } from './widget'

type Figures = Today['today']

/**
 * The change against yesterday at the same time: an arrow and a percentage, "—" when yesterday had
 * nothing. Whether up is good (takings) or bad (refunds) picks the colour; the arrow and the words
 * say it without colour.
 */
export function ChangeNote({
  current,
  previous,
  locale,
  upIsGood = true,
}: {
  current: number
  previous: number
  locale: Locale
  upIsGood?: boolean
}) {
  const change = formatChange(current, previous, locale)
  const Icon = change.direction === 'up' ? ArrowUp : change.direction === 'down' ? ArrowDown : Minus
  const good = change.direction === 'up' ? upIsGood : change.direction === 'down' ? !upIsGood : null
  const sentence =
    change.direction === 'up'
      ? m.dashboard_change_up({ percent: change.text })
      : change.direction === 'down'
        ? m.dashboard_change_down({ percent: change.text })
        : change.direction === 'flat'
          ? m.dashboard_change_flat()
          : m.dashboard_change_none()
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground" data-change={change.direction}>
      <span
        aria-hidden
        className={cn(
          'inline-flex items-center gap-0.5 font-medium tabular-nums',
          good === true && 'text-success',
          good === false && 'text-danger',
        )}
      >
        {change.direction !== 'none' && <Icon className="size-3.5" />}
        {change.text}
      </span>
      <span aria-hidden>{m.dashboard_vs_yesterday()}</span>
      <span className="sr-only">{sentence}</span>
    </p>
  )
}

function Figure({
  label,
  value,
  raw,
  note,
  testId,
}: {
  label: string
  value: string
  /** The unformatted figure, for tests and tools. */
  raw: number
  note: ReactNode
  testId: string
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md bg-muted/60 px-3 py-3" data-testid={testId} data-value={raw}>
      <dt className="truncate text-sm text-muted-foreground">{label}</dt>
      <dd className="m-0 truncate text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
      <dd className="m-0">{note}</dd>
    </div>
  )
}

const GRID = 'grid grid-cols-2 gap-3 @xl:grid-cols-3 @5xl:grid-cols-5'

/** A figure's own height: 96 px with the phone's smaller value, 100 px from `sm` (no shift when it arrives). */
function TodaySkeleton() {
  return (
    <div className={GRID}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-24 sm:h-25" />
      ))}
    </div>
  )
}

/** SPEC §1: today's takings, orders, devices online, refunds and refund total, each against yesterday. */
export function TodayFigures({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(todayQuery(market))
  return (
    <Widget
      title={m.dashboard_today_title()}
      query={query}
      skeleton={<TodaySkeleton />}
      data-testid="widget-today"
      className={cn('@container', className)}
    >
      {(data) => {
        const today: Figures = data.today
        const yesterday: Figures = data.yesterday
        const quiet = today.payments === 0 && today.refunds === 0
        return (
          <>
            <dl className={cn(GRID, 'm-0')}>
              <Figure
                label={m.dashboard_today_amount()}
                value={formatYuan(today.paymentFen, locale)}
                raw={today.paymentFen}
                note={<ChangeNote current={today.paymentFen} previous={yesterday.paymentFen} locale={locale} />}
                testId="figure-amount"
              />
              <Figure
                label={m.dashboard_today_orders()}
                value={formatCount(today.payments, locale)}
                raw={today.payments}
                note={<ChangeNote current={today.payments} previous={yesterday.payments} locale={locale} />}
                testId="figure-orders"
              />
              <Figure
                label={m.dashboard_online_devices()}
                value={formatCount(data.onlineDevices, locale)}
                raw={data.onlineDevices}
                note={
                  <p className="text-xs text-muted-foreground">
                    {m.dashboard_devices_of({ bound: formatCount(data.boundDevices, locale) })}
                  </p>
                }
                testId="figure-devices"
              />
              <Figure
                label={m.dashboard_refund_count()}
                value={formatCount(today.refunds, locale)}
                raw={today.refunds}
                note={
                  <ChangeNote current={today.refunds} previous={yesterday.refunds} locale={locale} upIsGood={false} />
                }
                testId="figure-refunds"
              />
              <Figure
                label={m.dashboard_refund_amount()}
                value={formatYuan(today.refundFen, locale)}
                raw={today.refundFen}
                note={
                  <ChangeNote
                    current={today.refundFen}
                    previous={yesterday.refundFen}
                    locale={locale}
                    upIsGood={false}
                  />
                }
                testId="figure-refund-amount"
              />
            </dl>
            {quiet && (
              <p className="mt-3 text-sm text-muted-foreground" data-state="empty">
                {m.dashboard_empty_today()}
              </p>
            )}
          </>
        )
      }}
    </Widget>
  )
}
