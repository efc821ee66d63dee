import { useRef, useState } from 'react'
import { useStore } from '@tanstack/react-form'
import { COMPLAINT_CATEGORIES, COMPLAINT_CHANNELS } from '@contract/complaint-list'
import { MAX_COMPLAINT_PHOTOS } from '@contract/complaints'
import { Role } from '@contract/roles'
import { COMPLAINT_CATEGORY_WORDS, COMPLAINT_CHANNEL_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { useMarketScope, useMarketScopeLabel } from '@/lib/market-scope'
import { showToast } from '@/lib/toast'
import { wordOptions } from '@/lib/words'
import { ComboboxField, type ComboboxOption, type ComboboxOptions } from '@/components/form/combobox-field'
import { bindField } from '@/components/form/field-binding'
import { FormFooter } from '@/components/form/form-footer'
import { FormSection } from '@/components/form/form-section'
import { ImagesField } from '@/components/form/image-field'
import { SelectField } from '@/components/form/select-field'
import { TextareaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { Button } from '@/components/ui/button'
import { COMPLAINT_FORM_SCHEMAS, complaintInput, emptyComplaintForm } from './complaint-form-values'
import { useRegisterComplaint } from './mutations'

type ComplaintRegisterPageProps = {
  role: number
  /** The markets an OFFICIAL chooses from. */
  useMarketOptions: (text: string) => ComboboxOptions
  /** The merchants of `market` matching the text (the route supplies the merchants' search). */
  useMerchantOptions: (text: string, market: string | null) => ComboboxOptions
  draftKey: string
  onCancel: () => void
  /** After registering: the new complaint's id (the route opens its page). */
  onRegistered: (id: string) => void
}

/** A merchant choice's stall, when the choices carry it (use-merchant-options.ts's do). */
const stallOf = (option: ComboboxOption) =>
  'stallNo' in option && typeof option.stallNo === 'string' ? option.stallNo : ''

/**
 * ComplaintRegister (issue 26 §2): the market takes a shopper's complaint down: how it came in, what
 * about, against which merchant or stall, the complainant's contact (kept private) and up to three
 * photos. An OFFICIAL chooses the market; an operator's is its own. Saved, the complaint's page opens.
 */
export function ComplaintRegisterPage({
  role,
  useMarketOptions,
  useMerchantOptions,
  draftKey,
  onCancel,
  onRegistered,
}: ComplaintRegisterPageProps) {
  useLocale()
  const scope = useMarketScope()
  const scopeLabel = useMarketScopeLabel()
  const choosesMarket = role === Role.OFFICIAL
  const register = useRegisterComplaint()
  const [marketName, setMarketName] = useState(choosesMarket && scope ? scopeLabel : '')
  const [merchantName, setMerchantName] = useState('')
  const registered = useRef<string | null>(null)
  const { form, formProps, failure, discard, submitting, dirty } = useConsoleForm({
    schema: choosesMarket ? COMPLAINT_FORM_SCHEMAS.choosingMarket : COMPLAINT_FORM_SCHEMAS.marketFixed,
    defaultValues: emptyComplaintForm(choosesMarket ? scope : null),
    draftKey,
    onSubmit: async (values) => {
      const { id, no } = await register.mutateAsync(complaintInput(values))
      registered.current = id
      void showToast('success', m.complaints_registered({ no }))
    },
    // Once the draft is gone: the new complaint's page.
    onSaved: () => {
      if (registered.current) onRegistered(registered.current)
    },
  })
  // Merchants are searched in the complaint's market: the one chosen, or the operator's own.
  const merchantMarket = useStore(form.store, (state) => (choosesMarket ? state.values.marketId : scope))
  const merchantId = useStore(form.store, (state) => state.values.merchantId)
  const useMerchantChoices = (text: string) => useMerchantOptions(text, merchantMarket)
  const clearMerchant = () => {
    form.setFieldValue('merchantId', null)
    setMerchantName('')
  }

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">{m.menu_complaint_register()}</h1>
      <form {...formProps} className="space-y-5" data-testid="complaint-form">
        <FormSection title={m.complaints_section_complaint()}>
          {choosesMarket && (
            <form.Field
              name="marketId"
              listeners={{
                // Merchants belong to one market: another market's choice no longer holds.
                onChange: clearMerchant,
              }}
            >
              {(field) => (
                <ComboboxField
                  {...bindField(field)}
                  valueLabel={marketName}
                  onChoose={(option) => setMarketName(option.label)}
                  useOptions={useMarketOptions}
                  placeholder={m.complaints_market_search()}
                  label={m.complaints_field_market()}
                  required
                  className="md:col-span-2"
                />
              )}
            </form.Field>
          )}
          <form.Field name="channel">
            {(field) => (
              <SelectField
                {...bindField(field)}
                options={wordOptions(COMPLAINT_CHANNELS, COMPLAINT_CHANNEL_WORDS)}
                label={m.complaints_field_channel()}
                required
              />
            )}
          </form.Field>
          <form.Field name="category">
            {(field) => (
              <SelectField
                {...bindField(field)}
                options={[
                  { value: '', label: m.complaints_choose() },
                  ...wordOptions(COMPLAINT_CATEGORIES, COMPLAINT_CATEGORY_WORDS),
                ]}
                label={m.complaints_field_category()}
                required
              />
            )}
          </form.Field>
          <form.Field name="merchantId">
            {(field) => (
              <div className="space-y-1">
                <ComboboxField
                  {...bindField(field)}
                  valueLabel={merchantName}
                  onChoose={(option) => {
                    setMerchantName(option.label)
                    // The merchant's stall is the complaint's stall.
                    form.setFieldValue('stallNo', stallOf(option))
                  }}
                  useOptions={useMerchantChoices}
                  placeholder={merchantMarket ? m.complaints_merchant_search() : m.complaints_merchant_choose_market()}
                  label={m.complaints_field_merchant()}
                  hint={m.complaints_merchant_hint()}
                  disabled={!merchantMarket}
                />
                {field.state.value !== null && (
                  <Button type="button" variant="link" size="sm" className="px-0" onClick={clearMerchant}>
                    {m.complaints_clear_merchant()}
                  </Button>
                )}
              </div>
            )}
          </form.Field>
          <form.Field name="stallNo">
            {(field) => (
              <TextField
                {...bindField(field)}
                label={m.complaints_field_stall()}
                hint={m.complaints_stall_hint()}
                maxLength={20}
                // Taken from the merchant while one is chosen; typed when the shopper names only the stall.
                disabled={merchantId !== null}
                required={merchantId === null}
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <TextareaField
                {...bindField(field)}
                label={m.complaints_field_description()}
                maxLength={1000}
                rows={4}
                required
                className="md:col-span-2"
              />
            )}
          </form.Field>
        </FormSection>

        <FormSection title={m.complaints_section_complainant()}>
          <p className="text-sm text-muted-foreground md:col-span-2">{m.complaints_complainant_hint()}</p>
          <form.Field name="complainantName">
            {(field) => (
              <TextField {...bindField(field)} label={m.complaints_field_complainant_name()} maxLength={30} />
            )}
          </form.Field>
          <form.Field name="complainantContact">
            {(field) => (
              <TextField
                {...bindField(field)}
                type="tel"
                label={m.complaints_field_complainant_contact()}
                maxLength={32}
              />
            )}
          </form.Field>
        </FormSection>

        <FormSection title={m.complaints_field_photos()} columns={1}>
          <form.Field name="photoFileIds">
            {(field) => (
              <ImagesField
                {...bindField(field)}
                id="complaint-photos"
                max={MAX_COMPLAINT_PHOTOS}
                label={m.complaints_field_photos()}
                hint={m.complaints_photos_hint({ max: MAX_COMPLAINT_PHOTOS })}
              />
            )}
          </form.Field>
        </FormSection>

        <FormFooter
          failure={failure}
          submitting={submitting}
          submitLabel={m.complaints_register_submit()}
          submitTestId="complaint-submit"
          confirmCancel={dirty}
          onCancel={() => {
            discard()
            onCancel()
          }}
        />
      </form>
    </section>
  )
}
