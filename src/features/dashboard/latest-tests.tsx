import { useQuery } from '@tanstack/react-query'
import { CircleCheck, OctagonAlert } from 'lucide-react'
import { itemKey } from '@contract/live'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { formatShare } from '@/lib/format'
import type { Locale } from '@/lib/locale'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { testResultLabel } from './labels'
import { testsQuery, type LatestTests } from './queries'
import { Widget, whenInView, type WidgetFrame, type WidgetPlacement } from './widget'

function TestsSkeleton() {
  return (
    <div className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-11" />
      ))}
    </div>
  )
}

/** `allMarkets`: every market's tests together, so each names its market (stall numbers repeat). */
function TestList({ rows, allMarkets, locale }: { rows: LatestTests; allMarkets: boolean; locale: Locale }) {
  return (
    <ul className="m-0 list-none space-y-2 p-0" data-testid="tests-list">
      {rows.map((row) => {
        const failed = row.result === 'fail'
        const Icon = failed ? OctagonAlert : CircleCheck
        return (
          <li
            key={itemKey(row)}
            data-result={row.result}
            className={cn(
              'flex items-center gap-3 rounded-md border px-3 py-2 text-sm',
              // A failure stands out: the danger colour, its own icon and the word "Fail", not colour alone.
              failed ? 'border-danger bg-danger-subtle' : 'border-border',
            )}
          >
            <Icon aria-hidden className={cn('size-5 shrink-0', failed ? 'text-danger' : 'text-success')} />
            <span className="min-w-0 flex-1">
              <span className={cn('block truncate font-medium', failed && 'text-danger')}>{row.produce}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {[allMarkets ? row.marketName : null, row.stallNo, row.merchantName].filter(Boolean).join(' · ')} ·{' '}
                {row.time.slice(5, 16)}
              </span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-0.5">
              <Badge variant={failed ? 'danger' : 'success'}>{testResultLabel(row.result)}</Badge>
              <span className="text-xs text-muted-foreground tabular-nums">
                {m.dashboard_inhibition()} {formatShare(row.inhibitionPct / 100, locale)}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}

const frame = (): WidgetFrame => ({
  title: m.dashboard_tests_title(),
  skeleton: <TestsSkeleton />,
  'data-testid': 'widget-tests',
})

/** SPEC §1's pesticide-residue test notice: the latest tests, failures marked out. */
export const LatestTestsWidget = whenInView(frame, LatestTests)

function LatestTests({ market, locale, className }: WidgetPlacement) {
  const query = useQuery(testsQuery(market))
  return (
    <Widget
      {...frame()}
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText={m.dashboard_empty_tests()}
      className={className}
    >
      {(rows) => <TestList rows={rows} allMarkets={market === null} locale={locale} />}
    </Widget>
  )
}
