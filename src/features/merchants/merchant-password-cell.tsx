import { useRef, useState, type RefObject } from 'react'
import { KeyRound } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useRowInUse } from '@/components/data-table/use-row-in-use'
import { SecretDialog } from '@/components/secret-dialog'
import { Button } from '@/components/ui/button'

type MerchantPasswordCellProps = {
  merchant: MerchantListItem
  /** Resets the account's password and answers the new one (the page's one mutation, shared by rows). */
  resetPassword: (id: string) => Promise<{ clearPwd: string }>
  /** The page's language, handed to the messages so a hundred cells do not each look it up again. */
  locale?: Locale
}

// One element for every row: a row drawn again leaves it alone.
const keyIcon = <KeyRound aria-hidden className="size-3.5" />

/**
 * The list's "login password" column (SPEC §3): the password is never shown or kept in clear, so the
 * cell is a mask and a reset, confirmed first, whose new password is shown once with a copy button.
 *
 * The table keeps the cell in place from one row to the next (a new page updates its words). The
 * reset and its dialogs mount only when asked for (a 100-row page draws a hundred of these cells),
 * keyed by the merchant, and belong to that merchant: another merchant taking the row lets them go.
 */
export function MerchantPasswordCell({ merchant, resetPassword, locale }: MerchantPasswordCellProps) {
  const button = useRef<HTMLButtonElement>(null)
  const reset = useRowInUse(merchant.id)
  const words = { locale }
  return (
    <span className="flex items-center gap-1">
      <span
        aria-label={m.merchants_password_hidden({}, words)}
        className="font-mono tracking-widest text-muted-foreground"
      >
        ••••••
      </span>
      <Button
        ref={button}
        variant="link"
        size="sm"
        className="px-1"
        onClick={reset.use}
        aria-label={m.merchants_reset_password_of({ name: merchant.name }, words)}
      >
        {keyIcon}
        {m.merchants_reset_password({}, words)}
      </Button>
      {reset.inUse && (
        <PasswordReset
          key={merchant.id}
          merchant={merchant}
          resetPassword={resetPassword}
          onDone={reset.release}
          returnFocusTo={button}
        />
      )}
    </span>
  )
}

type PasswordResetProps = Omit<MerchantPasswordCellProps, 'locale'> & {
  onDone: () => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

/** One merchant's reset: asks first, resets, then shows the new password once; `onDone` when it is over. */
function PasswordReset({ merchant, resetPassword, onDone, returnFocusTo }: PasswordResetProps) {
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
