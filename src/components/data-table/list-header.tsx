import type { ReactNode } from 'react'
import { MarketScopeLine } from '@/components/market-scope-line'

/**
 * A list's heading: its title, the market it shows (a list not scoped to markets leaves `market` out),
 * and its actions (export, register) at the end.
 */
export function ListHeader({
  title,
  market,
  children,
}: {
  title: string
  market?: string | null
  children?: ReactNode
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold">{title}</h1>
        {market !== undefined && <MarketScopeLine market={market} />}
      </div>
      {children}
    </header>
  )
}
