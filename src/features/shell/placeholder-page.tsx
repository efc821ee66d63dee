import { useMarketScope, useMarketScopeLabel } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'

/**
 * A page whose content arrives with a later issue: its title, the market it is scoped to (so the
 * scope's path through URL and switcher can be seen and tested), and an honest line saying so.
 */
export function PlaceholderPage({ name }: { name: string }) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  const market = useMarketScope()
  const scopeLabel = useMarketScopeLabel()
  return (
    <section className="rounded-lg border border-border bg-card p-6">
      <h1 className="text-xl font-semibold text-card-foreground">{routeTitle(name)}</h1>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="market-scope" data-market={market ?? ''}>
        {scopeLabel}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">{m.page_building()}</p>
    </section>
  )
}
