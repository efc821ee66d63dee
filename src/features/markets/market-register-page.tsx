import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { AsyncState } from '@/components/async-state/async-state'
import { Skeleton } from '@/components/ui/skeleton'
import { marketLicencesQuery, marketQuery } from './queries'
import { MarketForm } from './market-form'
import { useLocale } from '@/lib/locale'

type MarketRegisterPageProps = {
  marketId: string | undefined
  draftKey: string
  onDone: () => void
  onCancel: () => void
}

const formSkeleton = (
  <span className="block space-y-4">
    <Skeleton className="h-48 w-full" />
    <Skeleton className="h-40 w-full" />
  </span>
)

/** Register a market, or edit one (`?id=`): the same form, with the payment bank fixed when editing. */
export function MarketRegisterPage({ marketId, draftKey, onDone, onCancel }: MarketRegisterPageProps) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  const market = useQuery({ ...marketQuery(marketId ?? ''), enabled: Boolean(marketId) })
  // Its licences too: the form saves all of them, so it opens only with what is held.
  const licences = useQuery({ ...marketLicencesQuery(marketId ?? ''), enabled: Boolean(marketId) })
  const query = market.isError || !licences.isError ? market : licences
  const title = marketId ? m.markets_edit_title() : m.menu_market_register()

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      {!marketId && <MarketForm market={null} draftKey={draftKey} onDone={onDone} onCancel={onCancel} />}
      {marketId && (market.isPending || licences.isPending) && !query.isError && (
        <AsyncState state="loading" skeleton={formSkeleton} onRetry={() => void query.refetch()} />
      )}
      {marketId && query.isError && (
        <AsyncState
          state="error"
          error={query.error}
          onRetry={() => void query.refetch()}
          className="rounded-lg border border-border bg-card"
        />
      )}
      {marketId && market.data && licences.data && (
        <MarketForm
          key={market.data.id}
          market={market.data}
          licences={licences.data}
          draftKey={draftKey}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </section>
  )
}
