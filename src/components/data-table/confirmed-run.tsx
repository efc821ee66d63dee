import { Suspense, useState, type ComponentType, type RefObject } from 'react'
import { m } from '@/paraglide/messages'
import type { ConfirmDialog } from '@/components/confirm-dialog'
import { lazyComponent } from '@/components/on-first-use'
import type { RowAction } from './row-actions'

/**
 * The confirm dialog loaded when an action first asks, for a record page's buttons (issue 24: no Radix
 * on a first paint). A row's menu brings its own (row-menu.tsx, itself loaded on first use): loaded
 * only when the item was chosen, the journey's Unbind confirm never appeared (cause not found).
 */
export const ConfirmDialogOnUse = lazyComponent(() =>
  import('@/components/confirm-dialog').then((module) => module.ConfirmDialog),
)

/**
 * The confirm step shared by a row's menu and a record page's buttons: which action waits, and running
 * it, asked in `Dialog`.
 */
export function useConfirmedRun(Dialog: ComponentType<Parameters<typeof ConfirmDialog>[0]>) {
  const [confirming, setConfirming] = useState<RowAction | null>(null)
  const [pending, setPending] = useState(false)
  async function run(action: RowAction) {
    setPending(true)
    try {
      await action.run()
    } catch {
      // Already reported; the dialog just closes.
    } finally {
      setPending(false)
      setConfirming(null)
    }
  }
  /** Chosen: asked first when it says so, else run at once. */
  const choose = (action: RowAction) => (action.confirm ? setConfirming(action) : void run(action))
  const step = (returnFocusTo: RefObject<HTMLButtonElement | null>) =>
    confirming?.confirm && (
      <Suspense fallback={null}>
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirming.confirm.title ?? confirming.label}
          description={confirming.confirm.description}
          confirmLabel={confirming.confirm.confirmLabel ?? confirming.label}
          cancelLabel={m.common_cancel()}
          danger={confirming.danger}
          pending={pending}
          onConfirm={() => void run(confirming)}
          returnFocusTo={returnFocusTo}
        />
      </Suspense>
    )
  return { choose, step }
}
