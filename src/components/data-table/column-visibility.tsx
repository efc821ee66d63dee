import { useId } from 'react'
import type { ColumnDef, VisibilityState } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

type ColumnVisibilityProps = {
  /** The columns the user may hide, with their header words. */
  columns: readonly { id: string; label: string }[]
  visibility: VisibilityState
  onChange: (column: string, visible: boolean) => void
}

/** The columns a table lets the user hide (`enableHiding` not false), with their header words. */
export const hideableColumns = <Row,>(columns: readonly ColumnDef<Row, unknown>[]) =>
  columns
    .filter((column) => column.enableHiding !== false)
    .map((column) => ({ id: column.id ?? '', label: String(column.header) }))

/** A toolbar button listing the columns with a checkbox each: plain checkboxes, so keyboards and screen readers just work. */
export function ColumnVisibility({ columns, visibility, onChange }: ColumnVisibilityProps) {
  const id = useId()
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="ml-auto">
          <Columns3 aria-hidden className="size-4" />
          {m.list_columns()}
        </Button>
      </PopoverTrigger>
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
