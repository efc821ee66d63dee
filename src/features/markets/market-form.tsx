import * as v from 'valibot'
import {
  MARKET_LICENCE_KINDS,
  MarketLicencesFormSchema,
  type HolderLicences,
  type MarketLicenceKind,
} from '@contract/licences'
import { MAX_MARKET_PHOTOS, MarketFieldsSchema, PAYMENT_BANKS, type Market } from '@contract/markets'
import { LICENCE_KIND_WORDS } from '@contract/words'
import { wordFor } from '@/lib/words'
import { m } from '@/paraglide/messages'
import { hashPassword } from '@/lib/md5'
import { showToast } from '@/lib/toast'
import { DateField } from '@/components/form/date-field'
import { bindField } from '@/components/form/field-binding'
import { FormFooter } from '@/components/form/form-footer'
import { FormSection } from '@/components/form/form-section'
import { ImageField, ImagesField } from '@/components/form/image-field'
import { NumberField } from '@/components/form/number-field'
import { SelectField } from '@/components/form/select-field'
import { TextareaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { useCreateMarket, useUpdateMarket } from './mutations'
import { BANK_LABELS, statusLabel } from './labels'
import { CreateMarketFormSchema, EditMarketFormSchema, marketFormValues, usernameAvailable } from './market-form-values'

type MarketFormProps = {
  market: Market | null
  /** The market's own licences (editing). */
  licences?: HolderLicences
  onDone: () => void
  onCancel: () => void
  /** Where an unfinished form is kept while its tab is in the background (the page's address). */
  draftKey: string
}

/**
 * MarketRegister (SPEC §3): registers a market with its account, or edits one. Validated with the
 * same valibot schema as the server; the password is checked against the policy, then hashed.
 * Everything else a form does is the kit's (src/components/form/): this file is the layout, one
 * block per field, which is why it runs past 200 lines.
 */
export function MarketForm({ market, licences, onDone, onCancel, draftKey }: MarketFormProps) {
  const editing = market !== null
  const create = useCreateMarket()
  const update = useUpdateMarket()
  const { form, formProps, failure, discard, submitting, dirty, restored } = useConsoleForm({
    schema: editing ? EditMarketFormSchema : CreateMarketFormSchema,
    defaultValues: marketFormValues(market, licences),
    draftKey,
    onSubmit: async ({ password, ...raw }) => {
      const fields = { ...v.parse(MarketFieldsSchema, raw), licences: v.parse(MarketLicencesFormSchema, raw.licences) }
      if (market) {
        await update.mutateAsync({ id: market.id, input: fields })
        void showToast('success', m.markets_saved({ name: fields.name }))
      } else {
        await create.mutateAsync({ ...fields, password: await hashPassword(password) })
        void showToast('success', m.markets_registered({ name: fields.name }))
      }
    },
    onSaved: onDone,
  })
  const banks = PAYMENT_BANKS.map((bank) => ({ value: bank, label: BANK_LABELS[bank]() }))
  const statuses = ([1, 2] as const).map((value) => ({ value, label: statusLabel(value) }))

  // A licence's four fields (issue 26 §1): all left empty, the market holds none of that kind.
  const licenceSection = (kind: MarketLicenceKind) => (
    <FormSection key={kind} title={wordFor(LICENCE_KIND_WORDS, kind)}>
      <form.Field name={`licences.${kind}.number`}>
        {(field) => <TextField {...bindField(field)} label={m.licences_field_number()} autoComplete="off" />}
      </form.Field>
      <form.Field name={`licences.${kind}.authority`}>
        {(field) => <TextField {...bindField(field)} label={m.licences_field_authority()} />}
      </form.Field>
      <form.Field name={`licences.${kind}.validFrom`}>
        {(field) => <DateField {...bindField(field)} label={m.licences_field_valid_from()} />}
      </form.Field>
      <form.Field name={`licences.${kind}.validUntil`}>
        {(field) => (
          <DateField
            {...bindField(field)}
            label={m.licences_field_valid_until()}
            hint={m.licences_field_valid_until_hint()}
          />
        )}
      </form.Field>
    </FormSection>
  )

  return (
    <form {...formProps} className="space-y-5" data-testid="market-form">
      <FormSection title={m.markets_section_account()}>
        <form.Field name="paymentBank">
          {(field) => (
            <SelectField
              {...bindField(field)}
              options={banks}
              label={m.markets_field_bank()}
              hint={editing ? m.markets_bank_fixed() : m.markets_bank_hint()}
              disabled={editing}
              required
            />
          )}
        </form.Field>
        <form.Field name="accountUsername" validators={usernameAvailable(market?.id)}>
          {(field) => (
            <TextField
              {...bindField(field)}
              label={m.markets_field_username()}
              hint={m.validation_market_username()}
              inputMode="numeric"
              required
              trailing={
                field.state.meta.isValidating ? (
                  <span className="text-xs text-muted-foreground">{m.markets_checking()}</span>
                ) : null
              }
            />
          )}
        </form.Field>
        {!editing && (
          <form.Field name="password">
            {(field) => (
              <TextField
                {...bindField(field)}
                type="password"
                label={m.markets_field_password()}
                hint={
                  restored
                    ? `${m.form_password_not_kept()} ${m.validation_password_policy()}`
                    : m.validation_password_policy()
                }
                autoComplete="new-password"
                required
              />
            )}
          </form.Field>
        )}
        <form.Field name="accountStatus">
          {(field) => (
            <SelectField {...bindField(field)} options={statuses} label={m.markets_field_status()} required />
          )}
        </form.Field>
        <form.Field name="registeredOn">
          {(field) => <DateField {...bindField(field)} label={m.markets_field_registered_on()} required />}
        </form.Field>
      </FormSection>

      <FormSection title={m.markets_section_market()}>
        <form.Field name="name">
          {(field) => <TextField {...bindField(field)} label={m.markets_field_name()} required />}
        </form.Field>
        <form.Field name="creditCode">
          {(field) => (
            <TextField
              {...bindField(field)}
              label={m.markets_field_credit_code()}
              hint={m.markets_credit_code_hint()}
              required
            />
          )}
        </form.Field>
        <form.Field name="address">
          {(field) => <TextField {...bindField(field)} label={m.markets_field_address()} required />}
        </form.Field>
        <form.Field name="stallCount">
          {(field) => <NumberField {...bindField(field)} label={m.markets_field_stalls()} required />}
        </form.Field>
        <form.Field name="complaintPhone">
          {(field) => <TextField {...bindField(field)} type="tel" label={m.markets_field_complaint_phone()} required />}
        </form.Field>
      </FormSection>

      <FormSection title={m.markets_section_people()}>
        <form.Field name="legalPersonName">
          {(field) => <TextField {...bindField(field)} label={m.markets_field_legal_name()} required />}
        </form.Field>
        <form.Field name="legalPersonPhone">
          {(field) => <TextField {...bindField(field)} type="tel" label={m.markets_field_legal_phone()} required />}
        </form.Field>
        <form.Field name="managerName">
          {(field) => <TextField {...bindField(field)} label={m.markets_field_manager_name()} required />}
        </form.Field>
        <form.Field name="managerPhone">
          {(field) => <TextField {...bindField(field)} type="tel" label={m.markets_field_manager_phone()} required />}
        </form.Field>
      </FormSection>

      <FormSection title={m.markets_section_notes()} columns={1}>
        <form.Field name="notes">
          {(field) => (
            <TextareaField
              {...bindField(field)}
              value={field.state.value ?? ''}
              label={m.markets_field_notes()}
              maxLength={500}
            />
          )}
        </form.Field>
      </FormSection>

      <FormSection title={m.markets_section_photos()}>
        <form.Field name="businessLicenceFileId">
          {(field) => (
            <ImageField
              {...bindField(field)}
              value={field.state.value ?? null}
              id="market-businessLicence"
              label={m.markets_field_business_licence()}
            />
          )}
        </form.Field>
        <form.Field name="operatingLicenceFileId">
          {(field) => (
            <ImageField
              {...bindField(field)}
              value={field.state.value ?? null}
              id="market-operatingLicence"
              label={m.markets_field_operating_licence()}
            />
          )}
        </form.Field>
        <form.Field name="marketPhotoFileIds">
          {(field) => (
            <ImagesField
              {...bindField(field)}
              value={field.state.value ?? []}
              id="market-photos"
              max={MAX_MARKET_PHOTOS}
              label={m.markets_field_photos()}
              className="md:col-span-2"
            />
          )}
        </form.Field>
      </FormSection>

      {MARKET_LICENCE_KINDS.map(licenceSection)}

      <FormFooter
        failure={failure}
        submitting={submitting}
        submitLabel={editing ? m.markets_save() : m.markets_register()}
        submitTestId="market-submit"
        confirmCancel={dirty}
        onCancel={() => {
          discard()
          onCancel()
        }}
      />
    </form>
  )
}
