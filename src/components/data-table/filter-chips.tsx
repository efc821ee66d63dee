import { FilterChip } from './filter-chip'

/** One filter set without a control of its own: its search key and what it holds, in words. */
type FilterChipItem<K extends string> = { key: K; label: string }

type FilterChipsProps<K extends string> = {
  /** The filters that apply; a falsy entry (a filter not set) shows nothing. */
  chips: readonly (FilterChipItem<K> | false | '' | null | undefined)[]
  /** The remove button's name from the chip's words (an area's `…_chip_remove` message). */
  removeLabel: (inputs: { filter: string }) => string
  /** Clears the filter under `key`. */
  onRemove: (key: K) => void
}

/** A list's chips in a row, in the toolbar: one `FilterChip` for each filter that applies. */
export function FilterChips<K extends string>({ chips, removeLabel, onRemove }: FilterChipsProps<K>) {
  return chips.map(
    (chip) =>
      chip && (
        <FilterChip
          key={chip.key}
          label={chip.label}
          removeLabel={removeLabel({ filter: chip.label })}
          onRemove={() => onRemove(chip.key)}
        />
      ),
  )
}
