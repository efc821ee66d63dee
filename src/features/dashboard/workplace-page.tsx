import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { MarketScopeLine } from '@/components/market-scope-line'
import { useMarketScope } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { ComplaintCountsWidget } from './complaint-counts'
import { LicenceCountsWidget } from './licence-counts'
import { DailyChart } from './daily-chart'
import { LatestTestsWidget } from './latest-tests'
import { LatestTransactionsWidget } from './latest-transactions'
import { LivePayments } from './live-payments'
import { PassengerFlowWidget } from './passenger-flow'
import { PaymentMethods } from './payment-methods'
import { RankingWidget } from './rankings'
import { useRememberFrame } from './remember-frame'
import { TodayFigures } from './today-figures'
import { useWorkplaceClock } from './use-workplace-clock'
import { useWorkplaceLive } from './use-workplace-live'

/**
 * Workplace (SPEC §1, issue 10): the page every user lands on. Today's figures, the last 30 days,
 * rankings, the live flow of passengers and payments, payment methods, the latest trades and tests —
 * for the MARKET user's market, or the OFFICIAL user's market in the URL (or every market). A grid on
 * the page's own width: three columns on a wide screen, two beside a menu at 1024 px, one on a phone.
 */
export function WorkplacePage({ user }: { user: UserInfo }) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch); charts too.
  const locale = useLocale()
  const market = useMarketScope()
  useWorkplaceClock(market)
  useWorkplaceLive(market)
  useRememberFrame(user, market, locale)
  const props = { market, locale }

  return (
    <div className="@container space-y-4" data-testid="workplace">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">{routeTitle('Workplace')}</h1>
          <p className="text-sm text-muted-foreground" data-frame-text="welcome">
            {m.workplace_welcome({ username: user.username })} ·{' '}
            {m.workplace_role({ role: user.role === Role.OFFICIAL ? m.role_official() : m.role_market() })}
          </p>
        </div>
        <MarketScopeLine market={market} />
      </header>

      {/* Keyed by the market: another market's figures never show under this one's state (a ranking's period). */}
      <div key={market ?? 'all'} className="space-y-4">
        <TodayFigures {...props} />
        <div className="grid grid-flow-row-dense grid-cols-1 gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3">
          <DailyChart {...props} className="@2xl:col-span-2" />
          <PaymentMethods {...props} />
          <LivePayments {...props} className="@2xl:col-span-2" />
          <LatestTransactionsWidget {...props} />
          <PassengerFlowWidget {...props} className="@2xl:col-span-2" />
          <LatestTestsWidget {...props} className="@2xl:col-span-2 @5xl:col-span-1" />
        </div>
        <div className="grid grid-cols-1 gap-4 @2xl:grid-cols-2">
          <RankingWidget {...props} metric="amount" />
          <RankingWidget {...props} metric="orders" />
        </div>
        {/* The market's own work waiting: complaints (and licences) by state, each linking to its list. */}
        <div className="grid grid-cols-1 gap-4 @2xl:grid-cols-2">
          <ComplaintCountsWidget {...props} />
          <LicenceCountsWidget {...props} />
        </div>
      </div>
    </div>
  )
}
