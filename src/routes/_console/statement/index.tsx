import { useCallback, type ReactNode } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { PAGE_ROLES } from '@contract/pages'
import { StatementSearchSchema } from '@contract/statements'
import type { DayRange } from '@/components/data-table/date-range-filter'
import { StatementPage } from '@/features/statements/statement-page'
import { useLocale } from '@/lib/locale'
import { useMarketScope } from '@/lib/market-scope'

export const Route = createFileRoute('/_console/statement/')({
  staticData: { name: 'Statement', roles: PAGE_ROLES.Statement },
  // The switcher's market and the days (absent: today, as the server's clock has it).
  validateSearch: StatementSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the statement's request and returns (the page shows loading and failure itself); the
  // queries load on demand so the first page's entry chunk does not carry them.
  loader: async ({ context, deps }) => {
    const [{ resolveMarketScope, marketChoiceStore }, queries] = await Promise.all([
      import('@/lib/market-scope'),
      import('@/features/statements/queries'),
    ])
    const market = resolveMarketScope(context.user, deps.market, marketChoiceStore.state)
    const days = { from: deps.from, to: deps.to }
    // Days the API refuses are not asked for (the page says what is wrong with them).
    if (!queries.statementDaysAsked(days)) return
    if (market === null) void context.queryClient.prefetchQuery(queries.platformStatementQuery(days))
    else void context.queryClient.prefetchQuery(queries.marketStatementQuery(market, days))
  },
  component: Statement,
})

function Statement(): ReactNode {
  const { from, to } = Route.useSearch()
  const market = useMarketScope()
  const locale = useLocale()
  const navigate = Route.useNavigate()
  const onDaysChange = useCallback(
    (days: DayRange) => void navigate({ search: (current) => ({ ...current, ...days }) }),
    [navigate],
  )
  const onOpenMarket = useCallback(
    (marketId: string) => void navigate({ search: (current) => ({ ...current, market: marketId }) }),
    [navigate],
  )
  const onOpenMerchant = useCallback(
    (merchantId: string) =>
      void navigate({ to: '/statement/merchant/$merchantId', params: { merchantId }, search: { from, to } }),
    [navigate, from, to],
  )
  const onPrint = useCallback(
    () => void navigate({ to: '/statement/print', search: { market: market ?? undefined, from, to } }),
    [navigate, market, from, to],
  )
  return (
    <StatementPage
      market={market}
      days={{ from, to }}
      locale={locale}
      onDaysChange={onDaysChange}
      onOpenMarket={onOpenMarket}
      onOpenMerchant={onOpenMerchant}
      onPrint={onPrint}
    />
  )
}
