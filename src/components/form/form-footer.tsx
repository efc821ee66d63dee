import { m } from '@/paraglide/messages'
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
}

/** A console form's end: its failure, then Cancel and the submit button, kept in view at the bottom. */
export function FormFooter({
  failure,
  submitting,
  submitLabel,
  submitTestId,
  submitDisabled = false,
  onCancel,
}: FormFooterProps) {
  return (
    <>
      <FormFailure message={failure} />
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-background/95 py-3 backdrop-blur">
        <Button type="button" variant="outline" onClick={onCancel}>
          {m.common_cancel()}
        </Button>
        <Button type="submit" loading={submitting} disabled={submitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </div>
    </>
  )
}
