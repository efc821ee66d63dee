import { useDeferredValue, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Check, ChevronsUpDown, Store } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { setMarketChoice, useMarketChoice, useMarketScope, usePageMarket, type MarketChoice } from '@/lib/market-scope'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { marketOptionsQuery, marketQuery } from './queries'

/** The current market's name: the remembered choice's, or asked of the server for a market from a link. */
function useMarketName(market: string | null, choice: MarketChoice): string {
  const known = market === null || market === choice?.id
  const detail = useQuery({ ...marketQuery(market ?? ''), enabled: !known, meta: { handlesErrors: true } })
  if (market === null) return m.switcher_all()
  if (known && choice) return choice.name
  return detail.data?.name ?? (detail.isError ? m.switcher_unknown() : m.common_loading())
}

/**
 * OFFICIAL users choose "All markets" or one market for the merchant, device and dashboard pages.
 * On such a page the choice goes into its URL (`?market=`), so the tab says what it shows; it is
 * also remembered in this browser as the default for scoped pages whose URL names none. Searching
 * asks the server, so a thousand markets are fine.
 */
export function MarketSwitcher() {
  const id = useId()
  const router = useRouter()
  const page = usePageMarket()
  const choice = useMarketChoice()
  const scope = useMarketScope()
  const name = useMarketName(scope, choice)
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const q = useDeferredValue(text.trim())
  const options = useQuery({ ...marketOptionsQuery(q), enabled: open })

  const choose = (next: MarketChoice) => {
    setMarketChoice(next)
    // Replacing the entry updates the current tab; another market's list starts on its first page.
    if (page.scoped)
      void router.navigate({
        to: '.',
        search: (previous) => ({ ...previous, market: next?.id, page: undefined }),
        replace: true,
      })
    setOpen(false)
    setText('')
  }
  const item = (key: string, label: string, selected: boolean, onSelect: () => void) => (
    <li key={key} role="option" aria-selected={selected}>
      <button
        type="button"
        onClick={onSelect}
        className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
      >
        <Check aria-hidden className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} />
        <span className="truncate">{label}</span>
      </button>
    </li>
  )

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="max-w-56 justify-between gap-2"
          aria-label={m.switcher_label({ current: name })}
          data-testid="market-switcher"
        >
          <Store aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{name}</span>
          <ChevronsUpDown aria-hidden className="size-3.5 shrink-0 opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          {m.switcher_search()}
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={m.switcher_search()}
          className="mb-2 h-8"
        />
        <ul role="listbox" aria-label={m.switcher_title()} className="max-h-72 overflow-y-auto">
          {!q && item('all', m.switcher_all(), scope === null, () => choose(null))}
          {options.data?.map((option) =>
            item(option.id, option.name, scope === option.id, () => choose({ id: option.id, name: option.name })),
          )}
        </ul>
        {options.isPending && <p className="px-2 py-1.5 text-sm text-muted-foreground">{m.common_loading()}</p>}
        {options.isError && <p className="px-2 py-1.5 text-sm text-danger">{m.switcher_failed()}</p>}
        {options.data?.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{m.switcher_none()}</p>}
      </PopoverContent>
    </Popover>
  )
}
