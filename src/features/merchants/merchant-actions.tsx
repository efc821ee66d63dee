import { useNavigate } from '@tanstack/react-router'
import { LogOut, Pencil, Undo2 } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { storeLargeParams } from '@/lib/large-params-store'
import { showToast } from '@/lib/toast'
import { RowActions, type RowAction } from '@/components/data-table/row-actions'
import { Button } from '@/components/ui/button'

/**
 * A row's actions: Edit (the row goes into the large-parameter store and only its key into the URL,
 * SPEC §4), and leave / come back, confirmed first. Leaving is a status, never a deletion.
 */
type MerchantActionsProps = {
  merchant: MerchantListItem
  /** The URL's market, carried to the edit page. */
  market: string | undefined
  /** Marks a merchant left or back (the page's one mutation, shared by rows). */
  setLeft: (input: { id: string; left: boolean }) => Promise<unknown>
}

export function MerchantActions({ merchant, market, setLeft }: MerchantActionsProps) {
  const navigate = useNavigate()
  const left = merchant.status === 'left'
  const actions: RowAction[] = [
    {
      id: left ? 'return' : 'leave',
      label: left ? m.merchants_return() : m.merchants_leave(),
      icon: left ? Undo2 : LogOut,
      danger: !left,
      confirm: {
        description: left
          ? m.merchants_return_confirm({ name: merchant.name, stall: merchant.stallNo })
          : m.merchants_leave_confirm({ name: merchant.name, stall: merchant.stallNo }),
      },
      run: async () => {
        await setLeft({ id: merchant.id, left: !left })
        void showToast(
          'success',
          left ? m.merchants_returned({ name: merchant.name }) : m.merchants_left({ name: merchant.name }),
        )
      },
    },
  ]

  return (
    <RowActions menuLabel={m.merchants_more_actions({ name: merchant.name })} actions={actions}>
      <Button
        variant="link"
        size="sm"
        className="px-1"
        aria-label={m.merchants_edit_of({ name: merchant.name })}
        // The row is stored when Edit is chosen (not for every row drawn), as it is then.
        onClick={() => void navigate({ to: '/merchant/edit', search: { key: storeLargeParams(merchant), market } })}
      >
        <Pencil aria-hidden className="size-3.5" />
        {m.merchants_edit()}
      </Button>
    </RowActions>
  )
}
