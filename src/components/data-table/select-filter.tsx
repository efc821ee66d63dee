import { useId } from 'react'
import { cn } from '@/lib/cn'
import { Select } from '@/components/ui/select'

type SelectFilterProps<T extends string> = {
  label: string
  value: T | undefined
  options: readonly { value: T; label: string }[]
  /** The first option, meaning "no filter". */
  allLabel: string
  onChange: (value: T | undefined) => void
  className?: string
}

/** Filters a list by one of a fixed set of values (a status, a type), or not at all. */
export function SelectFilter<T extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
  className,
}: SelectFilterProps<T>) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value)}
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
