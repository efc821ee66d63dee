import { useDeferredValue, useId, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { setMarketChoice, useMarketScope, usePageMarket, type MarketChoice } from '@/lib/market-scope'
import { cn } from '@/lib/cn'
import { Input } from '@/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { marketOptionsQuery } from './queries'

/** The switcher's choices, in order, from any element inside its popover. */
const optionButtons = (from: HTMLElement) =>
  Array.from(
    from
      .closest('[data-slot="popover-content"], [role="dialog"]')
      ?.querySelectorAll<HTMLButtonElement>('[data-switcher-option]') ?? [],
  )

/** Up and down move between the search box and the choices, as in a list. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const buttons = optionButtons(event.currentTarget)
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : at - 1
  event.preventDefault()
  if (next >= 0) buttons[next]?.focus()
  else
    event.currentTarget
      .closest('[data-slot="popover-content"], [role="dialog"]')
      ?.querySelector<HTMLInputElement>('input')
      ?.focus()
}

type MarketSwitcherPopoverProps = { open: boolean; onOpenChange: (open: boolean) => void; trigger: ReactElement }

/** The switcher's popover: a search and the choices. Loaded on first use (market-switcher.tsx draws its button till then). */
export function MarketSwitcherPopover({ open, onOpenChange: setOpen, trigger }: MarketSwitcherPopoverProps) {
  const id = useId()
  const router = useRouter()
  const page = usePageMarket()
  const scope = useMarketScope()
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
    <li key={key}>
      <button
        type="button"
        aria-pressed={selected}
        data-switcher-option
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
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
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
          onKeyDown={(event) => {
            // Enter takes the first match; the arrow keys walk the list.
            if (event.key === 'Enter') {
              event.preventDefault()
              optionButtons(event.currentTarget)[0]?.click()
            } else moveFocus(event)
          }}
          placeholder={m.switcher_search()}
          className="mb-2 h-8"
        />
        <ul aria-label={m.switcher_title()} className="max-h-72 overflow-y-auto" onKeyDown={moveFocus}>
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
