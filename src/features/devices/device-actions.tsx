import { useRef, useState } from 'react'
import { KeyRound, Unlink } from 'lucide-react'
import type { DeviceListItem, DeviceSecret } from '@contract/devices'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { ActionButtons, RowActions, type RowAction } from '@/components/data-table/row-actions'
import { SecretDialogOnUse } from '@/components/secret-dialog-on-use'

type DeviceActionsProps = {
  /** The device (a list's row or its page). */
  device: Pick<DeviceListItem, 'id' | 'code'>
  /** The page's mutations, shared by every row. */
  unbind: (id: string) => Promise<unknown>
  rotateSecret: (id: string) => Promise<DeviceSecret>
  /** A list row keeps them in a menu; the device's page shows them as buttons. */
  layout?: 'menu' | 'buttons'
}

/** A device's actions (a list row's, or its page's), each confirmed first: a new secret (shown once, with copy) and unbind. */
export function DeviceActions({ device, unbind, rotateSecret, layout = 'menu' }: DeviceActionsProps) {
  const menu = useRef<HTMLButtonElement>(null)
  const [secret, setSecret] = useState<DeviceSecret | null>(null)
  const actions: RowAction[] = [
    {
      id: 'rotate-secret',
      label: m.devices_rotate_secret(),
      icon: KeyRound,
      confirm: { description: m.devices_rotate_confirm({ code: device.code }) },
      run: async () => setSecret(await rotateSecret(device.id)),
    },
    {
      id: 'unbind',
      label: m.devices_unbind(),
      icon: Unlink,
      danger: true,
      confirm: { description: m.devices_unbind_confirm({ code: device.code }) },
      run: async () => {
        await unbind(device.id)
        void showToast('success', m.devices_unbound({ code: device.code }))
      },
    },
  ]
  return (
    <>
      {layout === 'menu' ? (
        <RowActions menuLabel={m.devices_more_actions({ code: device.code })} actions={actions} menuRef={menu} />
      ) : (
        <ActionButtons actions={actions} lastUsed={menu} />
      )}
      {/* Mounted when there is a secret to show: a 100-row page would draw a hundred closed dialogs otherwise. */}
      {secret && (
        <SecretDialogOnUse
          secret={secret.secret}
          onClose={() => setSecret(null)}
          title={m.devices_secret_title()}
          description={m.devices_secret_description({ code: secret.code })}
          testId="device-secret"
          returnFocusTo={menu}
        />
      )}
    </>
  )
}
