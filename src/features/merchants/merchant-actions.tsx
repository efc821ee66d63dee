import { useNavigate } from '@tanstack/react-router'
import { LogOut, Pencil, ReceiptText, Undo2 } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
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
  /** The page's language, handed to the messages so a hundred rows do not each look it up again. */
  locale?: Locale
}

// One element for every row: a row drawn again leaves it alone.
const editIcon = <Pencil aria-hidden className="size-3.5" />

export function MerchantActions({ merchant, market, setLeft, locale }: MerchantActionsProps) {
  const navigate = useNavigate()
  const words = { locale }
  const left = merchant.status === 'left'
  const actions: RowAction[] = [
    {
      id: left ? 'return' : 'leave',
      label: left ? m.merchants_return({}, words) : m.merchants_leave({}, words),
      icon: left ? Undo2 : LogOut,
      danger: !left,
      confirm: {
        description: left
          ? m.merchants_return_confirm({ name: merchant.name, stall: merchant.stallNo }, words)
          : m.merchants_leave_confirm({ name: merchant.name, stall: merchant.stallNo }, words),
      },
      run: async () => {
        await setLeft({ id: merchant.id, left: !left })
        void showToast(
          'success',
          left ? m.merchants_returned({ name: merchant.name }) : m.merchants_left({ name: merchant.name }),
        )
      },
    },
    // The merchant's own statement (issue 25 §2), today's: its page picks other days.
    {
      id: 'statement',
      label: m.merchants_action_statement({}, words),
      icon: ReceiptText,
      run: () => navigate({ to: '/statement/merchant/$merchantId', params: { merchantId: merchant.id } }),
    },
  ]

  return (
    // Keyed by the merchant: the table keeps this cell in place from one row to the next.
    <RowActions
      rowKey={merchant.id}
      menuLabel={m.merchants_more_actions({ name: merchant.name }, words)}
      actions={actions}
    >
      <Button
        variant="link"
        size="sm"
        className="px-1"
        aria-label={m.merchants_edit_of({ name: merchant.name }, words)}
        // The row is stored when Edit is chosen (not for every row drawn), as it is then.
        onClick={() => void navigate({ to: '/merchant/edit', search: { key: storeLargeParams(merchant), market } })}
      >
        {editIcon}
        {m.merchants_edit({}, words)}
      </Button>
    </RowActions>
  )
}
