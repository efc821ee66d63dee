import { useEffect, useRef, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import * as v from 'valibot'
import { ApiCode, type FieldError } from '@contract/api'
import { MAX_MARKET_PHOTOS, MARKET_USERNAME_PATTERN, MarketFieldsSchema, PAYMENT_BANKS, type Market, type MarketFieldsInput } from '@contract/markets'
import { ClearPasswordSchema } from '@contract/password'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { forgetDraft, keepDraft, recallDraft } from '@/lib/form-memory'
import { hashPassword } from '@/lib/md5'
import { errorMessage } from '@/lib/request-errors'
import { showToast } from '@/lib/toast'
import { ImageUpload } from '@/components/image-upload'
import { Button } from '@/components/ui/button'
import { FormField, fieldAria } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { checkUsername, useCreateMarket, useUpdateMarket } from './api'
import { TextControl, visibleError } from './form-controls'
import { BANK_LABELS, imageUploadLabels } from './labels'

type Values = MarketFieldsInput & { password: string }

const CreateFormSchema = v.object({ ...MarketFieldsSchema.entries, password: ClearPasswordSchema })
// Editing never touches the password: the form keeps an empty one that is not sent.
const EditFormSchema = v.object({ ...MarketFieldsSchema.entries, password: v.string() })
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)

function initialValues(market: Market | null): Values {
  if (!market) {
    return {
      paymentBank: 'ICBC',
      accountUsername: '',
      accountStatus: 1,
      registeredOn: today(),
      name: '',
      creditCode: '',
      address: '',
      stallCount: Number.NaN,
      complaintPhone: '',
      legalPersonName: '',
      legalPersonPhone: '',
      managerName: '',
      managerPhone: '',
      notes: '',
      businessLicenceFileId: null,
      operatingLicenceFileId: null,
      marketPhotoFileIds: [],
      password: '',
    }
  }
  const { id: _id, accountUk: _uk, registerTime: _time, ...fields } = market
  return { ...fields, accountStatus: market.accountStatus === 1 ? 1 : 2, password: '' }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-border bg-card p-5">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  )
}

type MarketFormProps = {
  market: Market | null
  onDone: () => void
  onCancel: () => void
  /** Where an unfinished form is kept while its tab is in the background (the page's address). */
  draftKey: string
}

/**
 * MarketRegister (SPEC §3): registers a market with its account, or edits one. Validated with the
 * same valibot schema as the server; the password is checked against the policy, then hashed.
 */
export function MarketForm({ market, onDone, onCancel, draftKey }: MarketFormProps) {
  const editing = market !== null
  const formRef = useRef<HTMLFormElement>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const create = useCreateMarket()
  const update = useUpdateMarket()

  const schema: v.GenericSchema<Values, unknown> = editing ? EditFormSchema : CreateFormSchema
  const form = useForm({
    defaultValues: recallDraft<Values>(draftKey) ?? initialValues(market),
    validators: { onChange: schema, onSubmit: schema },
    onSubmitInvalid: () => {
      void showToast('error', m.validation_entries_have_errors())
      // After React shows the errors, take the user to the first one.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const { password, ...raw } = value
      const fields = v.parse(MarketFieldsSchema, raw)
      try {
        if (market) {
          await update.mutateAsync({ id: market.id, input: fields })
          void showToast('success', m.markets_saved({ name: fields.name }))
        } else {
          await create.mutateAsync({ ...fields, password: await hashPassword(password) })
          void showToast('success', m.markets_registered({ name: fields.name }))
        }
        submitted.current = true
        forgetDraft(draftKey)
        onDone()
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === ApiCode.INVALID_INPUT && Array.isArray(error.data)) {
          for (const { field, message } of error.data as FieldError[]) {
            const name = field.split('.')[0] as keyof Values
            formApi.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta.errorMap, onServer: message } }))
          }
        }
        setFailure(errorMessage(error))
        void showToast('error', errorMessage(error))
      }
    },
  })

  // Leaving with unsaved changes keeps them for when the user comes back to this tab.
  const submitted = useRef(false)
  useEffect(
    () => () => {
      if (!submitted.current && !form.state.isPristine) keepDraft(draftKey, { ...form.state.values, password: '' })
    },
    [form, draftKey],
  )

  const uploadLabels = imageUploadLabels()

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className="space-y-5"
      data-testid="market-form"
    >
      <Section title={m.markets_section_account()}>
        <form.Field name="paymentBank">
          {(field) => {
            const hint = editing ? m.markets_bank_fixed() : m.markets_bank_hint()
            return (
              <FormField id="market-paymentBank" label={m.markets_field_bank()} required hint={hint} error={visibleError(field)}>
                <Select {...fieldAria('market-paymentBank', visibleError(field), hint)} value={field.state.value} disabled={editing} onChange={(event) => field.handleChange(event.target.value as Values['paymentBank'])}>
                  {PAYMENT_BANKS.map((bank) => (
                    <option key={bank} value={bank}>
                      {BANK_LABELS[bank]()}
                    </option>
                  ))}
                </Select>
              </FormField>
            )
          }}
        </form.Field>
        <form.Field
          name="accountUsername"
          validators={{
            onChangeAsyncDebounceMs: 400,
            onChangeAsync: async ({ value }) => {
              const name = value.trim()
              if (!MARKET_USERNAME_PATTERN.test(name)) return undefined
              const { available } = await checkUsername(name, market?.id)
              return available ? undefined : 'error_username_taken'
            },
          }}
        >
          {(field) => (
            <TextControl field={field} label={m.markets_field_username()} required hint={m.validation_market_username()} inputMode="numeric" trailing={field.state.meta.isValidating ? <span className="text-xs text-muted-foreground">{m.markets_checking()}</span> : null} />
          )}
        </form.Field>
        {!editing && (
          <form.Field name="password">
            {(field) => <TextControl field={field} label={m.markets_field_password()} required type="password" autoComplete="new-password" hint={m.validation_password_policy()} />}
          </form.Field>
        )}
        <form.Field name="accountStatus">
          {(field) => (
            <FormField id="market-accountStatus" label={m.markets_field_status()} required>
              <Select id="market-accountStatus" value={field.state.value} onChange={(event) => field.handleChange(Number(event.target.value) as 1 | 2)}>
                <option value={1}>{m.user_status_normal()}</option>
                <option value={2}>{m.user_status_frozen()}</option>
              </Select>
            </FormField>
          )}
        </form.Field>
        <form.Field name="registeredOn">{(field) => <TextControl field={field} label={m.markets_field_registered_on()} required type="date" />}</form.Field>
      </Section>

      <Section title={m.markets_section_market()}>
        <form.Field name="name">{(field) => <TextControl field={field} label={m.markets_field_name()} required />}</form.Field>
        <form.Field name="creditCode">{(field) => <TextControl field={field} label={m.markets_field_credit_code()} required hint={m.markets_credit_code_hint()} />}</form.Field>
        <form.Field name="address">{(field) => <TextControl field={field} label={m.markets_field_address()} required />}</form.Field>
        <form.Field name="stallCount">{(field) => <TextControl field={field} label={m.markets_field_stalls()} required type="number" inputMode="numeric" />}</form.Field>
        <form.Field name="complaintPhone">{(field) => <TextControl field={field} label={m.markets_field_complaint_phone()} required type="tel" />}</form.Field>
      </Section>

      <Section title={m.markets_section_people()}>
        <form.Field name="legalPersonName">{(field) => <TextControl field={field} label={m.markets_field_legal_name()} required />}</form.Field>
        <form.Field name="legalPersonPhone">{(field) => <TextControl field={field} label={m.markets_field_legal_phone()} required type="tel" />}</form.Field>
        <form.Field name="managerName">{(field) => <TextControl field={field} label={m.markets_field_manager_name()} required />}</form.Field>
        <form.Field name="managerPhone">{(field) => <TextControl field={field} label={m.markets_field_manager_phone()} required type="tel" />}</form.Field>
      </Section>

      <Section title={m.markets_section_notes()}>
        <form.Field name="notes">
          {(field) => (
            <FormField id="market-notes" label={m.markets_field_notes()} error={visibleError(field)} className="md:col-span-2">
              <Textarea {...fieldAria('market-notes', visibleError(field))} value={field.state.value ?? ''} maxLength={500} onBlur={field.handleBlur} onChange={(event) => field.handleChange(event.target.value)} />
            </FormField>
          )}
        </form.Field>
      </Section>

      <Section title={m.markets_section_photos()}>
        <form.Field name="businessLicenceFileId">
          {(field) => (
            <FormField id="market-businessLicence" label={m.markets_field_business_licence()} error={visibleError(field)}>
              <ImageUpload id="market-businessLicence" value={field.state.value ? [field.state.value] : []} max={1} onChange={(ids) => field.handleChange(ids[0] ?? null)} labels={uploadLabels} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="operatingLicenceFileId">
          {(field) => (
            <FormField id="market-operatingLicence" label={m.markets_field_operating_licence()} error={visibleError(field)}>
              <ImageUpload id="market-operatingLicence" value={field.state.value ? [field.state.value] : []} max={1} onChange={(ids) => field.handleChange(ids[0] ?? null)} labels={uploadLabels} />
            </FormField>
          )}
        </form.Field>
        <form.Field name="marketPhotoFileIds">
          {(field) => (
            <FormField id="market-photos" label={m.markets_field_photos()} error={visibleError(field)} className="md:col-span-2">
              <ImageUpload id="market-photos" value={field.state.value ?? []} max={MAX_MARKET_PHOTOS} onChange={(ids) => field.handleChange(ids)} labels={uploadLabels} />
            </FormField>
          )}
        </form.Field>
      </Section>

      {failure && (
        <p role="alert" className="rounded bg-danger-subtle px-3 py-2 text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-background/95 py-3 backdrop-blur">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            submitted.current = true
            forgetDraft(draftKey)
            onCancel()
          }}
        >
          {m.common_cancel()}
        </Button>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <Button type="submit" loading={submitting} data-testid="market-submit">
              {editing ? m.markets_save() : m.markets_register()}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
