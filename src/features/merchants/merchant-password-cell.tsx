import { useRef, useState } from 'react'
import { KeyRound } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { SecretDialog } from '@/components/secret-dialog'
import { Button } from '@/components/ui/button'

type MerchantPasswordCellProps = {
  merchant: MerchantListItem
  /** Resets the account's password and answers the new one (the page's one mutation, shared by rows). */
  resetPassword: (id: string) => Promise<{ clearPwd: string }>
}

/**
 * The list's "login password" column (SPEC §3): the password is never shown or kept in clear, so the
 * cell is a mask and a reset, confirmed first, whose new password is shown once with a copy button.
 * The dialogs mount only when used: a 100-row page draws a hundred of these cells.
 */
export function MerchantPasswordCell({ merchant, resetPassword }: MerchantPasswordCellProps) {
  const button = useRef<HTMLButtonElement>(null)
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const [newPassword, setNewPassword] = useState<string | null>(null)

  const reset = async () => {
    setPending(true)
    try {
      setNewPassword((await resetPassword(merchant.id)).clearPwd)
    } catch {
      // Reported by the query cache; the dialog just closes.
    } finally {
      setPending(false)
      setConfirming(false)
    }
  }

  return (
    <span className="flex items-center gap-1">
      <span aria-label={m.merchants_password_hidden()} className="font-mono tracking-widest text-muted-foreground">
        ••••••
      </span>
      <Button
        ref={button}
        variant="link"
        size="sm"
        className="px-1"
        onClick={() => setConfirming(true)}
        aria-label={m.merchants_reset_password_of({ name: merchant.name })}
      >
        <KeyRound aria-hidden className="size-3.5" />
        {m.merchants_reset_password()}
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={m.merchants_reset_password()}
          description={m.merchants_reset_confirm({ name: merchant.name, username: merchant.accountUsername })}
          confirmLabel={m.merchants_reset_password()}
          cancelLabel={m.common_cancel()}
          pending={pending}
          onConfirm={() => void reset()}
          returnFocusTo={button}
        />
      )}
      {newPassword !== null && (
        <SecretDialog
          secret={newPassword}
          onClose={() => setNewPassword(null)}
          title={m.merchants_new_password_title()}
          description={m.merchants_new_password_description({ username: merchant.accountUsername })}
          testId="merchant-new-password"
          returnFocusTo={button}
        />
      )}
    </span>
  )
}
