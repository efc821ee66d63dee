import { Suspense, useRef } from 'react'
import { KeyRound } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import type { Locale } from '@/lib/locale'
import { useRowInUse } from '@/components/data-table/use-row-in-use'
import { lazyComponent } from '@/components/on-first-use'
import { Button } from '@/components/ui/button'

// The reset's confirm and secret dialogs load when a reset is first asked for, not with the list.
const PasswordReset = lazyComponent(() => import('./merchant-password-reset').then((module) => module.PasswordReset))

export type MerchantPasswordCellProps = {
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
        <Suspense key={merchant.id} fallback={null}>
          <PasswordReset
            merchant={merchant}
            resetPassword={resetPassword}
            onDone={reset.release}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </span>
  )
}
