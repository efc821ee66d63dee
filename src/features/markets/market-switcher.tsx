import { useEffect, useState, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChevronsUpDown, Store } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { noteMarketName, useMarketChoice, useMarketScope, type MarketChoice } from '@/lib/market-scope'
import { Button } from '@/components/ui/button'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'
import { marketQuery } from './queries'

// The popover, its search and choices load on first use (issue 24): the first paint draws the button only.
const loadPopover = () => import('./market-switcher-popover')

/** The current market's name: the remembered choice's, or asked of the server for a market from a link. */
function useMarketName(market: string | null, choice: MarketChoice): string {
  const known = market === null || market === choice?.id
  const detail = useQuery({ ...marketQuery(market ?? ''), enabled: !known, meta: { handlesErrors: true } })
  const name = market === null ? null : known && choice ? choice.name : detail.data?.name
  // Pages that name the market (placeholders) read it from here.
  useEffect(() => {
    if (market && name) noteMarketName(market, name)
  }, [market, name])
  if (market === null) return m.switcher_all()
  return name ?? (detail.isError ? m.switcher_unknown() : m.common_loading())
}

/**
 * OFFICIAL users choose "All markets" or one market for the merchant, device and dashboard pages.
 * On such a page the choice goes into its URL (`?market=`), so the tab says what it shows; it is
 * also remembered in this browser as the default for scoped pages whose URL names none. Searching
 * asks the server, so a thousand markets are fine.
 */
export function MarketSwitcher() {
  const choice = useMarketChoice()
  const scope = useMarketScope()
  const name = useMarketName(scope, choice)
  const [open, setOpen] = useState(false)
  const opener = useOpenerOnUse(loadPopover, 'dialog')
  const button = (props: ComponentProps<typeof Button>) => (
    <Button
      variant="outline"
      size="sm"
      className="max-w-56 justify-between gap-2"
      aria-label={m.switcher_label({ current: name })}
      data-testid="market-switcher"
      {...props}
    >
      <Store aria-hidden className="size-4 shrink-0" />
      <span className="truncate">{name}</span>
      <ChevronsUpDown aria-hidden className="size-3.5 shrink-0 opacity-60" />
    </Button>
  )
  if (!opener.loaded) return button(opener.standIn)
  return (
    <opener.loaded.MarketSwitcherPopover
      open={open}
      onOpenChange={setOpen}
      trigger={button({ ref: opener.triggerRef })}
    />
  )
}
