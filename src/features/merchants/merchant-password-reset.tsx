import { useState, type RefObject } from 'react'
import { m } from '@/paraglide/messages'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { SecretDialog } from '@/components/secret-dialog'
import type { MerchantPasswordCellProps } from './merchant-password-cell'

type PasswordResetProps = Omit<MerchantPasswordCellProps, 'locale'> & {
  onDone: () => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

/** One merchant's reset: asks first, resets, then shows the new password once; `onDone` when it is over. */
export function PasswordReset({ merchant, resetPassword, onDone, returnFocusTo }: PasswordResetProps) {
  const [pending, setPending] = useState(false)
  const [newPassword, setNewPassword] = useState<string | null>(null)

  const reset = async () => {
    setPending(true)
    try {
      setNewPassword((await resetPassword(merchant.id)).clearPwd)
      setPending(false)
    } catch {
      // Reported by the query cache; the dialog just closes.
      onDone()
    }
  }

  if (newPassword !== null)
    return (
      <SecretDialog
        secret={newPassword}
        onClose={onDone}
        title={m.merchants_new_password_title()}
        description={m.merchants_new_password_description({ username: merchant.accountUsername })}
        testId="merchant-new-password"
        returnFocusTo={returnFocusTo}
      />
    )
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={m.merchants_reset_password()}
      description={m.merchants_reset_confirm({ name: merchant.name, username: merchant.accountUsername })}
      confirmLabel={m.merchants_reset_password()}
      cancelLabel={m.common_cancel()}
      pending={pending}
      onConfirm={() => void reset()}
      returnFocusTo={returnFocusTo}
    />
  )
}
