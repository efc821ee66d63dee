import { useMarketScopeLabel } from '@/lib/market-scope'

/** The line under a scoped page's heading naming the market it shows (tests read `data-market`). */
export function MarketScopeLine({ market }: { market: string | null }) {
  const label = useMarketScopeLabel()
  return (
    <p className="text-sm text-muted-foreground" data-testid="market-scope" data-market={market ?? ''}>
      {label}
    </p>
  )
}
