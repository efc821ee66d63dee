import type { ComponentProps, RefObject } from 'react'
import * as v from 'valibot'
import { ApiCode } from '@contract/api'
import {
  COMPLAINT_OUTCOMES,
  COMPLAINT_REMEDIES,
  ComplaintNoteSchema,
  ResolveComplaintSchema,
  type ComplaintRemedy,
} from '@contract/complaints'
import { COMPLAINT_OUTCOME_WORDS, COMPLAINT_REMEDY_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { wordFor, wordOptions } from '@/lib/words'
import { focusBack } from '@/components/confirm-dialog'
import { bindField } from '@/components/form/field-binding'
import { FormFooter } from '@/components/form/form-footer'
import { SelectField } from '@/components/form/select-field'
import { TextareaField } from '@/components/form/textarea-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import './validation-words'

/** A step of a complaint's handling, as its dialog asks for it. */
export type ComplaintStep = 'take_up' | 'resolve' | 'withdraw'

export type ResolveValues = { outcome: string; remedies: ComplaintRemedy[]; note: string }

type StepDialogProps = {
  step: ComplaintStep
  no: number
  onClose: () => void
  /** Sends the step; throws as the API does. */
  takeStep: (input: { note: string } | ResolveValues) => Promise<unknown>
  /** The complaint moved on meanwhile (40900): read it again, so the page shows where it stands. */
  onMovedOn: () => void
  /** The button that opened the dialog, where focus goes back when it closes. */
  button: RefObject<HTMLButtonElement | null>
}

const NoteFormSchema: v.GenericSchema<{ note: string }, unknown> = ComplaintNoteSchema
const { outcome, remedies, note } = ResolveComplaintSchema.entries
const ResolveFormSchema: v.GenericSchema<ResolveValues, unknown> = v.pipe(
  v.object({ outcome, remedies: remedies.wrapped, note }),
  // The contract's rule, said on the remedies: nothing is done for a complaint not upheld.
  v.forward(
    v.partialCheck(
      [['outcome'], ['remedies']],
      (values) => values.outcome !== 'not_upheld' || values.remedies.length === 0,
      'validation_complaint_no_remedy',
    ),
    ['remedies'],
  ),
)

const TITLES = {
  take_up: () => m.complaints_take_up(),
  resolve: () => m.complaints_resolve(),
  withdraw: () => m.complaints_withdraw(),
} satisfies Record<ComplaintStep, () => string>
const DESCRIPTIONS = {
  take_up: (no: number) => m.complaints_take_up_description({ no }),
  resolve: (no: number) => m.complaints_resolve_description({ no }),
  withdraw: (no: number) => m.complaints_withdraw_description({ no }),
} satisfies Record<ComplaintStep, (no: number) => string>

/** A 40900 from a step: told in the dialog (the form shows the server's words) and the page read again. */
const sendStep = async (send: () => Promise<unknown>, onMovedOn: () => void) => {
  try {
    await send()
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === ApiCode.CONFLICT) onMovedOn()
    throw error
  }
}

/**
 * Taking a complaint up, resolving it or withdrawing it, in a dialog: a note for each, and for a
 * resolution the outcome and what was done. Failures show in the dialog; it closes once the step is saved.
 */
export function ComplaintStepDialog({ step, no, onClose, takeStep, onMovedOn, button }: StepDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={m.common_close()}
        className="max-w-xl"
        // What was typed stays until Cancel, Escape or the close button: a stray click loses nothing.
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={focusBack(button)}
        data-testid={`complaint-${step}-dialog`}
      >
        <DialogHeader>
          <DialogTitle>{TITLES[step]()}</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[step](no)}</DialogDescription>
        </DialogHeader>
        {step === 'resolve' ? (
          <ResolveForm
            onSubmit={(values) => sendStep(() => takeStep(values), onMovedOn)}
            onDone={onClose}
            submitLabel={TITLES[step]()}
          />
        ) : (
          <NoteForm
            onSubmit={(values) => sendStep(() => takeStep(values), onMovedOn)}
            onDone={onClose}
            submitLabel={TITLES[step]()}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

type StepFormProps<Values> = {
  onSubmit: (values: Values) => Promise<void>
  onDone: () => void
  submitLabel: string
}

function NoteForm({ onSubmit, onDone, submitLabel }: StepFormProps<{ note: string }>) {
  const { form, formProps, failure, submitting } = useConsoleForm({
    schema: NoteFormSchema,
    defaultValues: { note: '' },
    onSubmit,
    onSaved: onDone,
  })
  return (
    <form {...formProps} className="space-y-4" data-testid="complaint-step-form">
      <form.Field name="note">{(field) => <StepNote {...bindField(field)} />}</form.Field>
      <StepFooter failure={failure} submitting={submitting} submitLabel={submitLabel} onDone={onDone} />
    </form>
  )
}

function ResolveForm({ onSubmit, onDone, submitLabel }: StepFormProps<ResolveValues>) {
  const { form, formProps, failure, submitting } = useConsoleForm({
    schema: ResolveFormSchema,
    defaultValues: { outcome: '', remedies: [], note: '' },
    onSubmit,
    onSaved: onDone,
  })
  return (
    <form {...formProps} className="space-y-4" data-testid="complaint-step-form">
      <form.Field
        name="outcome"
        listeners={{
          // Nothing is done for a complaint not upheld: what was ticked goes.
          onChange: ({ value }) => {
            if (value === 'not_upheld') form.setFieldValue('remedies', [])
          },
        }}
      >
        {(field) => (
          <SelectField
            {...bindField(field)}
            options={[
              { value: '', label: m.complaints_choose() },
              ...wordOptions(COMPLAINT_OUTCOMES, COMPLAINT_OUTCOME_WORDS),
            ]}
            label={m.complaints_field_outcome()}
            required
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.outcome}>
        {(chosen) => (
          <form.Field name="remedies">
            {(field) => (
              <RemedyChoices
                value={field.state.value}
                onChange={field.handleChange}
                disabled={chosen === 'not_upheld'}
                error={bindField(field).error}
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Field name="note">{(field) => <StepNote {...bindField(field)} />}</form.Field>
      <StepFooter failure={failure} submitting={submitting} submitLabel={submitLabel} onDone={onDone} />
    </form>
  )
}

/** Every step's note: optional, 500 characters. */
function StepNote(props: Omit<ComponentProps<typeof TextareaField>, 'label'>) {
  return (
    <TextareaField
      {...props}
      label={m.complaints_field_note()}
      hint={m.complaints_note_hint()}
      maxLength={500}
      rows={3}
    />
  )
}

function StepFooter({
  failure,
  submitting,
  submitLabel,
  onDone,
}: Pick<ComponentProps<typeof FormFooter>, 'failure' | 'submitting' | 'submitLabel'> & { onDone: () => void }) {
  return (
    <FormFooter
      failure={failure}
      submitting={submitting}
      submitLabel={submitLabel}
      submitTestId="complaint-step-submit"
      onCancel={onDone}
    />
  )
}

type RemedyChoicesProps = {
  value: ComplaintRemedy[]
  onChange: (value: ComplaintRemedy[]) => void
  disabled: boolean
  error: string | undefined
}

/** What was done, any of four, as checkboxes in a named group (none for a complaint not upheld). */
function RemedyChoices({ value, onChange, disabled, error }: RemedyChoicesProps) {
  const toggle = (remedy: ComplaintRemedy, on: boolean) =>
    onChange(
      on ? COMPLAINT_REMEDIES.filter((r) => r === remedy || value.includes(r)) : value.filter((r) => r !== remedy),
    )
  return (
    <fieldset
      className="space-y-2"
      disabled={disabled}
      aria-describedby={error ? 'complaint-remedies-error' : undefined}
    >
      <legend className="text-sm font-medium">{m.complaints_field_remedies()}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {COMPLAINT_REMEDIES.map((remedy) => (
          <label key={remedy} className="inline-flex items-center gap-2 text-sm has-[:disabled]:opacity-50">
            <input
              type="checkbox"
              name="remedies"
              value={remedy}
              checked={value.includes(remedy)}
              disabled={disabled}
              onChange={(event) => toggle(remedy, event.target.checked)}
              className="size-4 accent-[var(--primary)]"
            />
            {wordFor(COMPLAINT_REMEDY_WORDS, remedy)}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{m.complaints_remedies_hint()}</p>
      {error && (
        <p id="complaint-remedies-error" role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
