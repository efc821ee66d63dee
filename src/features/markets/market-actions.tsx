import { useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { KeyRound, Lock, Pencil, Unlock } from 'lucide-react'
import type { MarketListItem } from '@contract/markets'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { RowActions, type RowAction } from '@/components/data-table/row-actions'
import { SecretDialogOnUse } from '@/components/secret-dialog-on-use'
import { Button } from '@/components/ui/button'
import { useResetMarketPassword, useSetMarketFrozen } from './mutations'

/** Row actions: edit, reset password (shown once, with copy), freeze / unfreeze — each confirmed first. */
export function MarketActions({ market }: { market: MarketListItem }) {
  const [newPassword, setNewPassword] = useState<string | null>(null)
  const menu = useRef<HTMLButtonElement>(null)
  const reset = useResetMarketPassword()
  const setFrozen = useSetMarketFrozen()
  const frozen = market.accountStatus !== 1

  const actions: RowAction[] = [
    {
      id: 'reset-password',
      label: m.markets_reset_password(),
      icon: KeyRound,
      confirm: { description: m.markets_reset_confirm({ name: market.name, username: market.accountUsername }) },
      run: async () => setNewPassword((await reset.mutateAsync(market.id)).clearPwd),
    },
    {
      id: frozen ? 'unfreeze' : 'freeze',
      label: frozen ? m.markets_unfreeze() : m.markets_freeze(),
      icon: frozen ? Unlock : Lock,
      danger: !frozen,
      confirm: {
        description: frozen
          ? m.markets_unfreeze_confirm({ name: market.name })
          : m.markets_freeze_confirm({ name: market.name }),
      },
      run: async () => {
        await setFrozen.mutateAsync({ id: market.id, frozen: !frozen })
        void showToast(
          'success',
          frozen ? m.markets_unfrozen({ name: market.name }) : m.markets_frozen({ name: market.name }),
        )
      },
    },
  ]

  return (
    <>
      <RowActions menuLabel={m.markets_more_actions({ name: market.name })} actions={actions} menuRef={menu}>
        <Button asChild variant="link" size="sm" className="px-1">
          <Link to="/market/register" search={{ id: market.id }}>
            <Pencil aria-hidden className="size-3.5" />
            {m.markets_edit()}
          </Link>
        </Button>
      </RowActions>
      <SecretDialogOnUse
        secret={newPassword}
        onClose={() => setNewPassword(null)}
        title={m.markets_new_password_title()}
        description={m.markets_new_password_description({ username: market.accountUsername })}
        testId="new-password"
        returnFocusTo={menu}
      />
    </>
  )
}
