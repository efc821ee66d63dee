import type { ReactNode, RefObject } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  cancelLabel: string
  danger?: boolean
  pending?: boolean
  onConfirm: () => void
  testId?: string
  /**
   * Where focus goes when the dialog closes. By default Radix returns it to what opened the dialog, but
   * a menu item that opened it is gone by then, and focus would fall to the page.
   */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/** A dialog's `onCloseAutoFocus` that puts focus on `target` (when given and still on the page). */
export function focusBack(target: RefObject<HTMLElement | null> | undefined) {
  if (!target) return undefined
  return (event: Event) => {
    if (!target.current?.isConnected) return
    event.preventDefault()
    target.current.focus()
  }
}

/** "Are you sure?" before an action that changes something for someone else. Stays open while pending. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  danger,
  pending,
  onConfirm,
  testId,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-testid={testId} onCloseAutoFocus={focusBack(returnFocusTo)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button variant={danger ? 'danger' : 'default'} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
