import { useRef, useState } from 'react'
import { KeyRound } from 'lucide-react'
import type { MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { SecretDialog } from '@/components/secret-dialog'
import { Button } from '@/components/ui/button'
import { useResetMerchantPassword } from './mutations'

/**
 * The list's "login password" column (SPEC §3): the password is never shown or kept in clear, so the
 * cell is a mask and a reset, confirmed first, whose new password is shown once with a copy button.
 */
export function MerchantPasswordCell({ merchant }: { merchant: MerchantListItem }) {
  const button = useRef<HTMLButtonElement>(null)
  const [confirming, setConfirming] = useState(false)
  const [newPassword, setNewPassword] = useState<string | null>(null)
  const reset = useResetMerchantPassword()

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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={m.merchants_reset_password()}
        description={m.merchants_reset_confirm({ name: merchant.name, username: merchant.accountUsername })}
        confirmLabel={m.merchants_reset_password()}
        cancelLabel={m.common_cancel()}
        pending={reset.isPending}
        onConfirm={() =>
          void reset
            .mutateAsync(merchant.id)
            .then(({ clearPwd }) => setNewPassword(clearPwd))
            .catch(() => undefined)
            .finally(() => setConfirming(false))
        }
        returnFocusTo={button}
      />
      <SecretDialog
        secret={newPassword}
        onClose={() => setNewPassword(null)}
        title={m.merchants_new_password_title()}
        description={m.merchants_new_password_description({ username: merchant.accountUsername })}
        testId="merchant-new-password"
        returnFocusTo={button}
      />
    </span>
  )
}
