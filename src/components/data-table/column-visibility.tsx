import type { ComponentProps } from 'react'
import type { ColumnDef, VisibilityState } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { useOpenerOnUse } from '@/components/ui/opener-on-use'

// The popover's Radix code loads on first use (issue 24: not on a list's first paint).
const loadChoices = () => import('./column-choices')

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
  const opener = useOpenerOnUse(loadChoices, 'dialog')
  const button = (props: ComponentProps<typeof Button>) => (
    <Button variant="outline" size="sm" className="ml-auto" {...props}>
      <Columns3 aria-hidden className="size-4" />
      {m.list_columns()}
    </Button>
  )
  if (!opener.loaded) return button(opener.standIn)
  return (
    <opener.loaded.ColumnChoices
      columns={columns}
      visibility={visibility}
      onChange={onChange}
      trigger={button({ ref: opener.triggerRef })}
    />
  )
}
