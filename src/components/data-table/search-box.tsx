import { useEffect, useId, useRef } from 'react'
import { Search } from 'lucide-react'
import { MAX_SEARCH_LENGTH } from '@contract/text'
import { cn } from '@/lib/cn'
import { Input } from '@/components/ui/input'
import { typedBeforeHydration } from '@/prerender/typed-before-hydration'

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
 * back in the box (src/main.tsx remembers it; `q` is the lists' search parameter).
 */
export function SearchBox({ value, onChange, label, placeholder = label, className }: SearchBoxProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = typedBeforeHydration('q')
    if (!typed) return
    onChange(typed)
    input.current?.focus()
    // Once, on the first mount after a takeover: later mounts start from the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <span className={cn('relative w-full max-w-xs', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        id={id}
        name="q"
        type="search"
        value={value}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="pl-8"
      />
    </span>
  )
}
