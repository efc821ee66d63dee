import { useState, type RefObject } from 'react'
import { Check, Copy } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { focusBack } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

export type SecretDialogProps = {
  /** The secret to show; null keeps the dialog closed. It lives only as long as the dialog. */
  secret: string | null
  onClose: () => void
  title: string
  /** Whose secret this is and that it is shown only once. */
  description: string
  /** On the secret's text, for tests that read it. */
  testId?: string
  /** Where focus goes when it closes (the control the action came from). */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/**
 * Shows a secret the server made (a reset password, a device secret) this one time, with a copy
 * button that says when it worked and what to do when the browser refused.
 */
export function SecretDialog({ secret, onClose, title, description, testId, returnFocusTo }: SecretDialogProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const close = () => {
    setCopy('idle')
    onClose()
  }
  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret ?? '')
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        closeLabel={m.common_close()}
        className="max-w-md"
        // Shown once: a stray click or Escape must not lose it. Done or the close button end it.
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onCloseAutoFocus={focusBack(returnFocusTo)}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <p
          className="rounded border border-border bg-muted px-3 py-2 text-center font-mono text-lg tracking-wider break-all select-all"
          data-testid={testId}
        >
          {secret}
        </p>
        <p
          role="status"
          aria-live="polite"
          className={copy === 'failed' ? 'text-sm text-danger' : 'text-sm text-success'}
        >
          {copy === 'copied' ? m.secret_copied() : copy === 'failed' ? m.secret_copy_failed() : ''}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => void copySecret()}>
            {copy === 'copied' ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copy === 'copied' ? m.secret_copied_button() : m.secret_copy()}
          </Button>
          <Button onClick={close}>{m.secret_done()}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
