import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react'
import { Check } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { cn } from '@/lib/cn'
import { Input } from '@/components/ui/input'
import type { FieldProps } from './field-binding'
import { FieldFrame } from './field-frame'

export type ComboboxOption = { value: string; label: string }

/** What the field shows for a search text: the server's matches, while they load or if they fail. */
export type ComboboxOptions = { options: readonly ComboboxOption[] | undefined; pending: boolean; failed: boolean }

type ComboboxFieldProps = FieldProps<string | null> & {
  /** The chosen option's words (the value alone is an id). */
  valueLabel: string
  /** Options for the typed text, e.g. from a query hook that asks the server. */
  useOptions: (text: string) => ComboboxOptions
  placeholder?: string
  /** Also told the chosen option's words, to show them as `valueLabel`. */
  onChoose?: (option: ComboboxOption) => void
}

/**
 * Choose one of many (a market of a thousand) by typing: the WAI-ARIA combobox pattern. Up and down
 * move through the matches, Enter takes one, Escape closes the list and puts the chosen words back.
 */
export function ComboboxField({
  value,
  valueLabel,
  onChange,
  useOptions,
  placeholder,
  onChoose,
  ...props
}: ComboboxFieldProps) {
  const listId = useId()
  const [text, setText] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = text !== null
  const search = useDeferredValue(text?.trim() ?? '')
  const { options = [], pending, failed } = useOptions(search)

  const choose = (option: ComboboxOption | undefined) => {
    if (option) {
      onChange(option.value)
      onChoose?.(option)
    }
    setText(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setText('')
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((at) => Math.min(Math.max(at + step, 0), Math.max(options.length - 1, 0)))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setText(null)
    }
  }

  return (
    <FieldFrame {...props}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            placeholder={placeholder}
            value={text ?? (value ? valueLabel : '')}
            onChange={(event) => {
              setText(event.target.value)
              setActive(0)
            }}
            onFocus={(event) => event.currentTarget.select()}
            onClick={() => !open && setText('')}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setText(null)
              control.onBlur?.()
            }}
          />
          {open && (
            <div className="absolute z-20 mt-1 w-full rounded-md border border-border bg-popover p-1 shadow-md">
              <ul id={listId} role="listbox" aria-label={props.label} className="max-h-60 overflow-y-auto">
                {options.map((option, index) => (
                  <li
                    key={option.value}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    // Chosen on mouse down, before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault()
                      choose(option)
                    }}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm',
                      index === active && 'bg-accent',
                    )}
                  >
                    <Check
                      aria-hidden
                      className={cn('size-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')}
                    />
                    <span className="truncate">{option.label}</span>
                  </li>
                ))}
              </ul>
              {pending && <p className="px-2 py-1.5 text-sm text-muted-foreground">{m.common_loading()}</p>}
              {failed && <p className="px-2 py-1.5 text-sm text-danger">{m.combobox_failed()}</p>}
              {!pending && !failed && options.length === 0 && (
                <p className="px-2 py-1.5 text-sm text-muted-foreground">{m.combobox_none()}</p>
              )}
            </div>
          )}
        </div>
      )}
    </FieldFrame>
  )
}
