import { useId } from 'react'
import { Search } from 'lucide-react'
import { MAX_SEARCH_LENGTH } from '@contract/text'
import { cn } from '@/lib/cn'
import { Input } from '@/components/ui/input'

type SearchBoxProps = {
  value: string
  onChange: (text: string) => void
  label: string
  placeholder?: string
  className?: string
}

/** A list's search box: labelled for screen readers, as long as the API takes (contract/text.ts). */
export function SearchBox({ value, onChange, label, placeholder = label, className }: SearchBoxProps) {
  const id = useId()
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
        id={id}
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
