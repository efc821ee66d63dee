import { useId, type ReactElement } from 'react'
import type { VisibilityState } from '@tanstack/react-table'
import { m } from '@/paraglide/messages'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

type ColumnChoicesProps = {
  columns: readonly { id: string; label: string }[]
  visibility: VisibilityState
  onChange: (column: string, visible: boolean) => void
  trigger: ReactElement
}

/** The columns' popover, loaded on first use (column-visibility.tsx draws its button till then). */
export function ColumnChoices({ columns, visibility, onChange, trigger }: ColumnChoicesProps) {
  const id = useId()
  return (
    <Popover>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-56 p-2">
        <fieldset>
          <legend className="px-2 pb-1 text-xs font-medium text-muted-foreground">{m.list_columns_shown()}</legend>
          {columns.map((column) => (
            <label
              key={column.id}
              htmlFor={`${id}-${column.id}`}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
            >
              <input
                id={`${id}-${column.id}`}
                type="checkbox"
                className="size-4 accent-primary"
                checked={visibility[column.id] !== false}
                onChange={(event) => onChange(column.id, event.target.checked)}
              />
              {column.label}
            </label>
          ))}
        </fieldset>
      </PopoverContent>
    </Popover>
  )
}
