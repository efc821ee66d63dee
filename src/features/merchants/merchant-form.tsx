import { useState } from 'react'
import * as v from 'valibot'
import { idCardFacts } from '@contract/china-ids'
import { MERCHANT_LICENCE_KINDS, MerchantLicencesFormSchema, type MerchantLicenceKind } from '@contract/licences'
import { FIXED_BANK_FIELDS, MerchantFieldsSchema, type FixedBankField, type Merchant } from '@contract/merchants'
import { LICENCE_KIND_WORDS } from '@contract/words'
import { shanghaiToday } from '@contract/time'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { bindField } from '@/components/form/field-binding'
import { DateField } from '@/components/form/date-field'
import { wordFor } from '@/lib/words'
import { ComboboxField, type ComboboxOptions } from '@/components/form/combobox-field'
import { FormFooter } from '@/components/form/form-footer'
import { FormSection } from '@/components/form/form-section'
import { ImageField } from '@/components/form/image-field'
import { NumberField } from '@/components/form/number-field'
import { SelectField } from '@/components/form/select-field'
import { TextareaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { categoryOptions } from './labels'
import { educationOptions, genderOptions, politicalOptions } from './person-labels'
import { MERCHANT_FORM_SCHEMAS, type MerchantFormValues } from './merchant-form-values'
import { useCreateMerchant, useUpdateMerchant } from './mutations'

type MerchantFormProps = {
  /** The merchant being edited (null: registering). */
  merchant: Merchant | null
  initialValues: MerchantFormValues
  /** An OFFICIAL registering chooses the market; `marketName` names the one chosen already. */
  choosesMarket: boolean
  marketName: string
  /** The markets to choose from, for a typed text (the route supplies the markets' search). */
  useMarketOptions?: (text: string) => ComboboxOptions
  /** Shown but not editable yet (the edit page's preview while the merchant loads). */
  readOnly?: boolean
  /** After a registration: the new account's username and initial password, to be shown once. */
  onRegistered?: (account: { name: string; accountUsername: string; clearPwd: string }) => void
  onSaved?: () => void
  onCancel: () => void
  draftKey?: string | undefined
}

const BANK_LABELS: Record<FixedBankField, () => string> = {
  bankMerchantNo: m.merchants_field_bank_merchant_no,
  otherBankNo: m.merchants_field_other_bank_no,
  paymentSubMerchantNo: m.merchants_field_payment_sub_merchant_no,
}

/** The hint under a bank number: fixed once saved, and why. */
function bankHint(merchant: Merchant | null, field: FixedBankField): string | undefined {
  if (!merchant) return field === 'otherBankNo' ? m.merchants_other_bank_hint() : m.merchants_bank_hint()
  return merchant[field] ? m.merchants_bank_fixed() : m.merchants_bank_fill_once()
}

/**
 * MerchantRegister / MerchantEdit (SPEC §3): every field, validated with the server's schema. The
 * ID card number fills age and gender (still editable); saved bank numbers are read-only with the
 * reason shown. This file is the layout, one block per field, which is why it runs past 200 lines.
 */
export function MerchantForm({
  merchant,
  initialValues,
  choosesMarket,
  marketName: initialMarketName,
  useMarketOptions,
  readOnly = false,
  onRegistered,
  onSaved,
  onCancel,
  draftKey,
}: MerchantFormProps) {
  const create = useCreateMerchant()
  const update = useUpdateMerchant()
  const [marketName, setMarketName] = useState(initialMarketName)
  const { form, formProps, failure, discard, submitting, dirty } = useConsoleForm({
    schema: choosesMarket ? MERCHANT_FORM_SCHEMAS.choosingMarket : MERCHANT_FORM_SCHEMAS.marketFixed,
    defaultValues: initialValues,
    draftKey: readOnly ? undefined : draftKey,
    onSubmit: async ({ marketId, ...raw }) => {
      const fields = {
        ...v.parse(MerchantFieldsSchema, raw),
        licences: v.parse(MerchantLicencesFormSchema, raw.licences),
      }
      if (merchant) {
        await update.mutateAsync({ id: merchant.id, input: fields })
        void showToast('success', m.merchants_saved({ name: fields.name }))
      } else {
        const created = await create.mutateAsync({ ...fields, ...(choosesMarket && marketId ? { marketId } : {}) })
        onRegistered?.({ name: fields.name, accountUsername: created.accountUsername, clearPwd: created.clearPwd })
      }
    },
    ...(onSaved ? { onSaved } : {}),
  })
  const fieldText = (name: 'name' | 'stallNo' | 'phone' | 'creditCode' | 'address', label: string, hint?: string) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          {...bindField(field)}
          value={field.state.value ?? ''}
          label={label}
          hint={hint}
          disabled={readOnly}
          required={name !== 'creditCode' && name !== 'address'}
          {...(name === 'phone' ? { type: 'tel', inputMode: 'tel' } : {})}
        />
      )}
    </form.Field>
  )

  // A licence's four fields (issue 26 §1): all left empty, the merchant holds none of that kind.
  const licenceSection = (kind: MerchantLicenceKind) => (
    <FormSection key={kind} title={wordFor(LICENCE_KIND_WORDS, kind)}>
      <form.Field name={`licences.${kind}.number`}>
        {(field) => (
          <TextField {...bindField(field)} label={m.licences_field_number()} disabled={readOnly} autoComplete="off" />
        )}
      </form.Field>
      <form.Field name={`licences.${kind}.authority`}>
        {(field) => <TextField {...bindField(field)} label={m.licences_field_authority()} disabled={readOnly} />}
      </form.Field>
      <form.Field name={`licences.${kind}.validFrom`}>
        {(field) => <DateField {...bindField(field)} label={m.licences_field_valid_from()} disabled={readOnly} />}
      </form.Field>
      <form.Field name={`licences.${kind}.validUntil`}>
        {(field) => (
          <DateField
            {...bindField(field)}
            label={m.licences_field_valid_until()}
            hint={m.licences_field_valid_until_hint()}
            disabled={readOnly}
          />
        )}
      </form.Field>
    </FormSection>
  )

  return (
    <form {...formProps} className="space-y-5" data-testid="merchant-form" aria-busy={readOnly}>
      <FormSection title={m.merchants_section_identity()}>
        {choosesMarket && useMarketOptions && (
          <form.Field name="marketId">
            {(field) => (
              <ComboboxField
                {...bindField(field)}
                valueLabel={marketName}
                onChoose={(option) => setMarketName(option.label)}
                useOptions={useMarketOptions}
                placeholder={m.merchants_market_search()}
                label={m.merchants_field_market()}
                disabled={readOnly}
                required
                className="md:col-span-2"
              />
            )}
          </form.Field>
        )}
        {merchant && (
          <TextField
            name="market"
            value={merchant.marketName}
            onChange={() => undefined}
            label={m.merchants_field_market()}
            disabled
          />
        )}
        {fieldText('name', m.merchants_field_name())}
        {fieldText('stallNo', m.merchants_field_stall(), m.merchants_stall_hint())}
        {fieldText('phone', m.merchants_field_phone())}
        <form.Field name="category">
          {(field) => (
            <SelectField
              {...bindField(field)}
              options={categoryOptions()}
              label={m.merchants_field_category()}
              disabled={readOnly}
              required
            />
          )}
        </form.Field>
        {fieldText('creditCode', m.merchants_field_credit_code(), m.merchants_credit_code_hint())}
      </FormSection>

      <FormSection title={m.merchants_section_bank()}>
        {FIXED_BANK_FIELDS.map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <TextField
                {...bindField(field)}
                value={field.state.value ?? ''}
                label={BANK_LABELS[name]()}
                hint={bankHint(merchant, name)}
                disabled={readOnly || Boolean(merchant?.[name])}
                required={name === 'bankMerchantNo'}
                autoComplete="off"
              />
            )}
          </form.Field>
        ))}
      </FormSection>

      <FormSection title={m.merchants_section_person()}>
        <form.Field
          name="idCardNo"
          listeners={{
            onChange: ({ value }) => {
              const facts = idCardFacts(value.trim(), shanghaiToday())
              if (!facts) return
              form.setFieldValue('age', facts.age)
              form.setFieldValue('gender', facts.gender)
            },
          }}
        >
          {(field) => (
            <TextField
              {...bindField(field)}
              label={m.merchants_field_id_card()}
              hint={m.merchants_id_card_hint()}
              disabled={readOnly}
              autoComplete="off"
              required
            />
          )}
        </form.Field>
        <form.Field name="age">
          {(field) => (
            <NumberField {...bindField(field)} label={m.merchants_field_age()} disabled={readOnly} required />
          )}
        </form.Field>
        <form.Field name="gender">
          {(field) => (
            <SelectField
              {...bindField(field)}
              options={genderOptions()}
              label={m.merchants_field_gender()}
              disabled={readOnly}
              required
            />
          )}
        </form.Field>
        <form.Field name="political">
          {(field) => (
            <SelectField
              {...bindField(field)}
              value={field.state.value ?? ''}
              options={politicalOptions()}
              label={m.merchants_field_political()}
              disabled={readOnly}
            />
          )}
        </form.Field>
        <form.Field name="education">
          {(field) => (
            <SelectField
              {...bindField(field)}
              value={field.state.value ?? ''}
              options={educationOptions()}
              label={m.merchants_field_education()}
              disabled={readOnly}
            />
          )}
        </form.Field>
        {fieldText('address', m.merchants_field_address())}
      </FormSection>

      <FormSection title={m.merchants_section_notes()} columns={1}>
        <form.Field name="notes">
          {(field) => (
            <TextareaField
              {...bindField(field)}
              value={field.state.value ?? ''}
              label={m.merchants_field_notes()}
              maxLength={500}
              disabled={readOnly}
            />
          )}
        </form.Field>
      </FormSection>

      <FormSection title={m.merchants_section_photos()}>
        <form.Field name="healthCertificateFileId">
          {(field) => (
            <ImageField
              {...bindField(field)}
              value={field.state.value ?? null}
              id="merchant-healthCertificate"
              label={m.merchants_field_health_certificate()}
              disabled={readOnly}
            />
          )}
        </form.Field>
        <form.Field name="foodLicenceFileId">
          {(field) => (
            <ImageField
              {...bindField(field)}
              value={field.state.value ?? null}
              id="merchant-foodLicence"
              label={m.merchants_field_food_licence()}
              disabled={readOnly}
            />
          )}
        </form.Field>
      </FormSection>

      {MERCHANT_LICENCE_KINDS.map(licenceSection)}

      <FormFooter
        failure={failure}
        submitting={submitting}
        submitLabel={merchant || readOnly ? m.merchants_save() : m.merchants_register()}
        submitTestId="merchant-submit"
        submitDisabled={readOnly}
        confirmCancel={dirty}
        onCancel={() => {
          discard()
          onCancel()
        }}
      />
    </form>
  )
}
