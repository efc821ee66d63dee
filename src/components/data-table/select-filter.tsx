import { useId } from 'react'
import { cn } from '@/lib/cn'
import { Select } from '@/components/ui/select'
import { useChosenInFrame } from '@/prerender/typed-before-hydration'

type SelectFilterProps<T extends string> = {
  /** The address's parameter it sets: the field's name, by which a choice made in the list's frame is kept. */
  name: string
  label: string
  value: T | undefined
  options: readonly { value: T; label: string }[]
  /** The first option, meaning "no filter". */
  allLabel: string
  onChange: (value: T | undefined) => void
  className?: string
}

/**
 * Filters a list by one of a fixed set of values (a status, a type), or not at all. A value chosen in
 * the list's prerendered frame before its code arrived is applied once the page has taken it over.
 */
export function SelectFilter<T extends string>({
  name,
  label,
  value,
  options,
  allLabel,
  onChange,
  className,
}: SelectFilterProps<T>) {
  const id = useId()
  const optionOf = (chosen: string) => options.find((option) => option.value === chosen)?.value
  useChosenInFrame([name], (chosen) => {
    const option = optionOf(chosen[name] ?? '')
    if (option !== undefined && option !== value) onChange(option)
  })
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(optionOf(event.target.value))}
        className={cn('w-36', className)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </>
  )
}
