import { useQuery } from '@tanstack/react-query'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { marketQuery } from './api'
import { MarketForm } from './market-form'

type MarketRegisterPageProps = { marketId: string | undefined; draftKey: string; onDone: () => void; onCancel: () => void }

/** Register a market, or edit one (`?id=`): the same form, with the payment bank fixed when editing. */
export function MarketRegisterPage({ marketId, draftKey, onDone, onCancel }: MarketRegisterPageProps) {
  const query = useQuery({ ...marketQuery(marketId ?? ''), enabled: Boolean(marketId) })
  const title = marketId ? m.markets_edit_title() : m.menu_market_register()

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      {!marketId && <MarketForm market={null} draftKey={draftKey} onDone={onDone} onCancel={onCancel} />}
      {marketId && query.isPending && (
        <div className="space-y-4" aria-busy="true" aria-label={m.common_loading()}>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
      {marketId && query.isError && (
        <div className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          <p role="alert">{m.markets_load_failed()}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            {m.common_retry()}
          </Button>
        </div>
      )}
      {marketId && query.data && <MarketForm key={query.data.id} market={query.data} draftKey={draftKey} onDone={onDone} onCancel={onCancel} />}
    </section>
  )
}
