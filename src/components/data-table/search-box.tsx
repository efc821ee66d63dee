import { useId } from 'react'
import { Search } from 'lucide-react'
import { MAX_SEARCH_LENGTH, isCleanText } from '@contract/text'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Input } from '@/components/ui/input'
import { useChosenInFrame } from '@/prerender/typed-before-hydration'

type SearchBoxProps = {
  value: string
  onChange: (text: string) => void
  label: string
  placeholder?: string
  className?: string
}

/**
 * A list's search box: labelled for screen readers, as long as the API takes (contract/text.ts). Text
 * typed into a prerendered list's frame before the page took it over is searched for, with the focus
 * back in the box if it was there (useChosenInFrame; `q` is the lists' search parameter). Text the API would
 * refuse (control characters, broken Unicode) is not searched for (useSearchText): the box says so.
 */
export function SearchBox({ value, onChange, label, placeholder = label, className }: SearchBoxProps) {
  const id = useId()
  const refused = !isCleanText(value)
  useChosenInFrame(['q'], ({ q }) => q !== undefined && onChange(q))
  return (
    <span className={cn('flex w-full max-w-xs flex-col gap-1', className)}>
      <span className="relative">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          name="q"
          type="search"
          value={value}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? `${id}-refused` : undefined}
          className="pl-8"
        />
      </span>
      {refused && (
        <span id={`${id}-refused`} role="alert" className="text-xs text-danger">
          {m.search_text_refused()}
        </span>
      )}
    </span>
  )
}
