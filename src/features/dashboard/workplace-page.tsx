import { Role } from '@contract/roles'
import type { UserInfo } from '@contract/user'
import { m } from '@/paraglide/messages'
import { useMarketScope, useMarketScopeLabel } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { useLocale } from '@/lib/locale'

/** Until the dashboard issue brings its live widgets, Workplace greets the signed-in user. */
export function WorkplacePage({ user }: { user: UserInfo }) {
  // Pages redraw in the new language when it changes (docs/decisions.md: locale switch).
  useLocale()
  const market = useMarketScope()
  const scopeLabel = useMarketScopeLabel()
  return (
    <section className="rounded-lg border border-border bg-card p-6" data-testid="workplace">
      <h1 className="text-xl font-semibold text-card-foreground">{routeTitle('Workplace')}</h1>
      <p className="mt-3 text-base text-card-foreground">{m.workplace_welcome({ username: user.username })}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {m.workplace_role({ role: user.role === Role.OFFICIAL ? m.role_official() : m.role_market() })} ·{' '}
        {m.workplace_registered({ time: user.registerTime })}
      </p>
      <p className="mt-4 text-sm text-muted-foreground" data-testid="market-scope" data-market={market ?? ''}>
        {scopeLabel}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{m.page_building()}</p>
    </section>
  )
}
