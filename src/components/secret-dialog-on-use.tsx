import { lazyComponent, OnFirstUse } from '@/components/on-first-use'
import type { SecretDialogProps } from '@/components/secret-dialog'

const SecretDialog = lazyComponent(() => import('@/components/secret-dialog').then((module) => module.SecretDialog))

/**
 * SecretDialog (a reset password, a device secret shown once), its code loaded the first time there is
 * a secret to show: lists and record pages draw these actions on their first paint, not the dialog.
 */
export function SecretDialogOnUse(props: SecretDialogProps) {
  return (
    <OnFirstUse used={props.secret !== null}>
      <SecretDialog {...props} />
    </OnFirstUse>
  )
}
