import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useForm, useStore, type DeepKeys } from '@tanstack/react-form'
import type * as v from 'valibot'
import { m } from '@/paraglide/messages'
import { forgetDraft, keepDraft, recallDraft } from '@/lib/form-memory'
import { errorMessage, isSignedOut, reportRequestError } from '@/lib/request-errors'
import { dismissToast, errorToastId, showToast } from '@/lib/toast'
import { worded } from '@/lib/validation-messages'
import { focusFirstInvalid, serverFieldErrors } from './form-errors'
// Words the console's field keys (kept off the sign-in page).
import './console-validation-messages'

/** Typing pauses this long before the draft is written. */
const DRAFT_DELAY_MS = 300

type ConsoleFormOptions<Values extends object> = {
  /** Checks every change and the submit; its messages are message keys (src/lib/validation-messages.ts). */
  schema: v.GenericSchema<Values, unknown>
  defaultValues: Values
  /** Where a half-filled form waits while its tab is in the background (the page's address). No key, no draft. */
  draftKey?: string | undefined
  /** Saves the values. Throw to fail: a 40000's field errors land on their fields, and the message shows above the buttons. */
  onSubmit: (values: Values) => Promise<void>
  /** After a save, once the draft is gone: typically leave the page or close the dialog. */
  onSaved?: () => void
}

/**
 * Everything a console form does besides its layout: drafts per tab (never a password), validation
 * with the contract's schema, the server's field errors on their fields, the "entries have errors"
 * toast, focus on the first invalid field, and the form-level failure. Spread `formProps` on the
 * `<form>`, bind fields with `bindField`, show `failure` with `<FormFailure>`.
 */
export function useConsoleForm<Values extends object>({
  schema,
  defaultValues,
  draftKey,
  onSubmit,
  onSaved,
}: ConsoleFormOptions<Values>) {
  const ref = useRef<HTMLFormElement>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // The error toasts this form raised: a save takes them away, so none stays under the success toast.
  const errorToasts = useRef(new Set<string>())
  const raiseErrorToast = (message: string) => {
    errorToasts.current.add(errorToastId(message))
    void showToast('error', message)
  }
  // Saved or cancelled: nothing to keep when the form goes.
  const settled = useRef(false)
  // What the user typed before (another tab, or before a reload), over the form's own values.
  const [draft] = useState(() => (draftKey ? recallDraft<Values>(draftKey) : undefined))
  const [initialValues] = useState<Values>(() => ({ ...defaultValues, ...draft }))

  const form = useForm({
    defaultValues: initialValues,
    validators: { onChange: schema, onSubmit: schema },
    // The server's verdict on a field holds until the user changes that field.
    listeners: {
      onChange: ({ fieldApi }) => {
        if (fieldApi.state.meta.errorMap.onServer !== undefined)
          fieldApi.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
      },
    },
    onSubmitInvalid: () => {
      raiseErrorToast(m.validation_entries_have_errors())
      focusFirstInvalid(ref.current)
    },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await onSubmit(value)
      } catch (error) {
        const onFields = serverFieldErrors(error).filter(
          ({ field }) => formApi.getFieldMeta(field as DeepKeys<Values>) !== undefined,
        )
        for (const { field, message } of onFields) {
          formApi.setFieldMeta(field as DeepKeys<Values>, (meta) => ({
            ...meta,
            isTouched: true,
            errorMap: { ...meta.errorMap, onServer: worded(message) },
          }))
        }
        setFailure(errorMessage(error))
        // A toast, or the re-login modal when the session ended meanwhile (1001).
        if (isSignedOut(error)) reportRequestError(error, undefined)
        else raiseErrorToast(errorMessage(error))
        if (onFields.length > 0) focusFirstInvalid(ref.current)
        return
      }
      settled.current = true
      if (draftKey) forgetDraft(draftKey)
      for (const id of errorToasts.current) void dismissToast(id)
      errorToasts.current.clear()
      onSaved?.()
    },
  })

  // Changes are kept as they are typed (a reload or a tab switch finds them), and once more as the form goes.
  useEffect(() => {
    if (!draftKey) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const keep = () => {
      clearTimeout(timer)
      if (!settled.current && !form.state.isPristine) keepDraft(draftKey, form.state.values)
    }
    const { unsubscribe } = form.store.subscribe(() => {
      clearTimeout(timer)
      timer = setTimeout(keep, DRAFT_DELAY_MS)
    })
    return () => {
      unsubscribe()
      keep()
    }
  }, [form, draftKey])

  /**
   * A field's check still running (a username's availability, 400 ms after typing) makes the form
   * refuse a submit as invalid, with no field marked: a submit made meanwhile waits for the checks,
   * including those of a change made just before (they start a few microtasks after it).
   * `isFieldsValidating` is what the form's `canSubmit` reads.
   */
  const checked = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (!form.state.isFieldsValidating) return
    await new Promise<void>((resolve) => {
      const { unsubscribe } = form.store.subscribe(() => {
        if (form.state.isFieldsValidating) return
        unsubscribe()
        resolve()
      })
    })
  }
  const formProps = {
    ref,
    noValidate: true,
    onSubmit: (event: FormEvent) => {
      event.preventDefault()
      event.stopPropagation()
      void checked().then(() => form.handleSubmit())
    },
  }
  /** Cancel: the draft goes with the form. */
  const discard = () => {
    settled.current = true
    if (draftKey) forgetDraft(draftKey)
  }
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const pristine = useStore(form.store, (state) => state.isPristine)
  return {
    form,
    formProps,
    failure,
    discard,
    submitting,
    /** The form opened with a draft of earlier typing (its passwords, never kept, are empty). */
    restored: draft !== undefined,
    /** Cancelling would lose typing: changed now, or opened with a draft. */
    dirty: !pristine || draft !== undefined,
  }
}
