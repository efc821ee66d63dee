import { useRef, useState } from 'react'
import { m } from '@/paraglide/messages'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { FormFailure } from './form-failure'

type FormFooterProps = {
  /** Why the last submit failed, from `useConsoleForm`. */
  failure: string | null
  submitting: boolean
  submitLabel: string
  submitTestId: string
  /** A form shown but not editable yet. */
  submitDisabled?: boolean
  /** Called after the form's draft is let go (`discard` from `useConsoleForm`). */
  onCancel: () => void
  /** Cancelling would lose typing (`dirty` from `useConsoleForm`): ask first. */
  confirmCancel?: boolean
}

/** A console form's end: its failure, then Cancel and the submit button, kept in view at the bottom. */
export function FormFooter({
  failure,
  submitting,
  submitLabel,
  submitTestId,
  submitDisabled = false,
  onCancel,
  confirmCancel = false,
}: FormFooterProps) {
  const [asking, setAsking] = useState(false)
  const cancelButton = useRef<HTMLButtonElement>(null)
  return (
    <>
      <FormFailure message={failure} />
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-background/95 py-3 backdrop-blur">
        <Button
          ref={cancelButton}
          type="button"
          variant="outline"
          onClick={() => (confirmCancel ? setAsking(true) : onCancel())}
        >
          {m.common_cancel()}
        </Button>
        <Button type="submit" loading={submitting} disabled={submitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={m.form_discard_title()}
        description={m.form_discard_description()}
        confirmLabel={m.form_discard_confirm()}
        cancelLabel={m.form_keep_editing()}
        danger
        testId="discard-dialog"
        returnFocusTo={cancelButton}
        onConfirm={() => {
          setAsking(false)
          onCancel()
        }}
      />
    </>
  )
}
