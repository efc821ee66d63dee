import { useState, type RefObject } from 'react'
import { useStore } from '@tanstack/react-form'
import type { BindDeviceInput, DeviceSecret } from '@contract/devices'
import { m } from '@/paraglide/messages'
import { focusBack } from '@/components/confirm-dialog'
import { ComboboxField } from '@/components/form/combobox-field'
import { bindField } from '@/components/form/field-binding'
import { FormFooter } from '@/components/form/form-footer'
import { SelectField } from '@/components/form/select-field'
import { TextField } from '@/components/form/text-field'
import { useConsoleForm } from '@/components/form/use-console-form'
import { SecretDialog } from '@/components/secret-dialog'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { belongsToMerchant, BIND_FORM_SCHEMAS, emptyBindForm } from './bind-form-values'
import { kindOptions } from './labels'
import { useBindDevice } from './mutations'
import type { BindDeviceDialogProps } from './bind-device-dialog'

type BindDeviceStepsProps = BindDeviceDialogProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the dialog, where focus goes back when it closes. */
  button: RefObject<HTMLButtonElement | null>
}

/**
 * The bind dialog's steps (bind-device-dialog.tsx draws the button): the binding form in a dialog, then
 * the device's secret shown once with a copy button (the list refreshes with the new row behind it).
 */
export function BindDeviceSteps({
  market,
  namesMarket,
  useMarketOptions,
  useMerchantOptions,
  open,
  onOpenChange: setOpen,
  button,
}: BindDeviceStepsProps) {
  const [bound, setBound] = useState<DeviceSecret | null>(null)
  return (
    <>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            closeLabel={m.common_close()}
            className="max-w-xl"
            // What was typed stays until Cancel, Escape or the close button: a stray click loses nothing.
            onInteractOutside={(event) => event.preventDefault()}
            // Radix puts focus on the first field as it opens, and back on the button as it closes.
            onCloseAutoFocus={focusBack(button)}
          >
            <DialogHeader>
              <DialogTitle>{m.devices_bind()}</DialogTitle>
              <DialogDescription>{m.devices_bind_description()}</DialogDescription>
            </DialogHeader>
            <BindDeviceForm
              market={market}
              namesMarket={namesMarket}
              useMarketOptions={useMarketOptions}
              useMerchantOptions={useMerchantOptions}
              onBound={(secret) => {
                setOpen(false)
                setBound(secret)
              }}
              onCancel={() => setOpen(false)}
            />
          </DialogContent>
        </Dialog>
      )}
      {bound && (
        <SecretDialog
          secret={bound.secret}
          onClose={() => setBound(null)}
          title={m.devices_secret_title()}
          description={m.devices_secret_description({ code: bound.code })}
          testId="device-secret"
          returnFocusTo={button}
        />
      )}
    </>
  )
}

type BindDeviceFormProps = BindDeviceDialogProps & {
  onBound: (secret: DeviceSecret) => void
  onCancel: () => void
}

function BindDeviceForm({
  market,
  namesMarket,
  useMarketOptions,
  useMerchantOptions,
  onBound,
  onCancel,
}: BindDeviceFormProps) {
  const bind = useBindDevice()
  const choosesMarket = namesMarket && market === null
  const [marketName, setMarketName] = useState('')
  const [merchantName, setMerchantName] = useState('')
  const { form, formProps, failure, discard, submitting } = useConsoleForm({
    schema: choosesMarket ? BIND_FORM_SCHEMAS.choosingMarket : BIND_FORM_SCHEMAS.marketFixed,
    defaultValues: emptyBindForm(namesMarket ? market : null),
    onSubmit: async ({ code, kind, merchantId, stallNo, marketId }) => {
      const input: BindDeviceInput = {
        code,
        kind,
        merchantId,
        // A merchant's device stands at its stall.
        stallNo: merchantId ? '' : stallNo,
        ...(namesMarket && marketId ? { marketId } : {}),
      }
      const secret = await bind.mutateAsync(input)
      onBound(secret)
    },
  })
  const kind = useStore(form.store, (state) => state.values.kind)
  const merchantId = useStore(form.store, (state) => state.values.merchantId)
  // Merchants are searched in the market the device goes to.
  const merchantMarket = useStore(form.store, (state) => (namesMarket ? state.values.marketId : market))
  const merchantRequired = belongsToMerchant(kind)
  // The merchant search for the market chosen now; ComboboxField calls it as a hook.
  const useMerchantChoices = (text: string) => useMerchantOptions(text, merchantMarket)

  return (
    <form {...formProps} className="space-y-4" data-testid="device-bind-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {choosesMarket && (
          <form.Field
            name="marketId"
            listeners={{
              // Merchants belong to one market: another market's choice no longer holds.
              onChange: () => {
                form.setFieldValue('merchantId', null)
                setMerchantName('')
              },
            }}
          >
            {(field) => (
              <ComboboxField
                {...bindField(field)}
                valueLabel={marketName}
                onChoose={(option) => setMarketName(option.label)}
                useOptions={useMarketOptions}
                placeholder={m.devices_market_search()}
                label={m.devices_field_market()}
                required
                className="sm:col-span-2"
              />
            )}
          </form.Field>
        )}
        <form.Field name="code">
          {(field) => (
            <div className="space-y-1">
              <TextField
                {...bindField(field)}
                label={m.devices_field_code()}
                hint={m.devices_code_hint()}
                maxLength={40}
                required
              />
              {/* The ledger is the code's per market (docs/device-api.md, "Resending is safe"). */}
              <p className="text-xs text-muted-foreground" data-testid="device-code-id-space">
                {m.devices_code_id_space()}
              </p>
            </div>
          )}
        </form.Field>
        <form.Field name="kind">
          {(field) => (
            <SelectField {...bindField(field)} options={kindOptions()} label={m.devices_field_kind()} required />
          )}
        </form.Field>
        <form.Field name="merchantId">
          {(field) => (
            <div className="space-y-1 sm:col-span-2">
              <ComboboxField
                {...bindField(field)}
                valueLabel={merchantName}
                onChoose={(option) => setMerchantName(option.label)}
                useOptions={useMerchantChoices}
                placeholder={merchantMarket ? m.devices_merchant_search() : m.devices_merchant_choose_market()}
                label={m.devices_field_merchant()}
                hint={merchantRequired ? m.devices_merchant_hint_required() : m.devices_merchant_hint_optional()}
                disabled={!merchantMarket}
                required={merchantRequired}
              />
              {!merchantRequired && field.state.value !== null && (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="px-0"
                  onClick={() => {
                    field.handleChange(null)
                    setMerchantName('')
                  }}
                >
                  {m.devices_clear_merchant()}
                </Button>
              )}
            </div>
          )}
        </form.Field>
        {!merchantRequired && merchantId === null && (
          <form.Field name="stallNo">
            {(field) => (
              <TextField
                {...bindField(field)}
                label={m.devices_field_location()}
                hint={m.devices_location_hint()}
                maxLength={20}
                required
                className="sm:col-span-2"
              />
            )}
          </form.Field>
        )}
      </div>
      <FormFooter
        failure={failure}
        submitting={submitting}
        submitLabel={m.devices_bind_submit()}
        submitTestId="device-bind-submit"
        onCancel={() => {
          discard()
          onCancel()
        }}
      />
    </form>
  )
}
