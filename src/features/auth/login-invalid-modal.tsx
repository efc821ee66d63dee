import { useState } from 'react'
import { m } from '@/paraglide/messages'
import { accountFrozenStore, loginInvalidStore } from '@/lib/request-errors'
import { useSelector } from '@tanstack/react-store'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { logout } from './logout'

/**
 * SPEC §8: code 1001 asks to sign in again (log out and reload) or to stay on the page; 1002 says the
 * account was frozen, and whom to ask.
 */
export function LoginInvalidModal() {
  const open = useSelector(loginInvalidStore)
  const frozen = useSelector(accountFrozenStore)
  const [leaving, setLeaving] = useState(false)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => loginInvalidStore.set(next)}
      title={frozen ? m.modal_account_frozen_title() : m.modal_login_invalid_title()}
      description={frozen ? m.modal_account_frozen_content() : m.modal_login_invalid_content()}
      confirmLabel={m.modal_relogin()}
      cancelLabel={m.modal_stay()}
      pending={leaving}
      testId="login-invalid-modal"
      onConfirm={async () => {
        setLeaving(true)
        await logout()
        window.location.reload()
      }}
    />
  )
}
