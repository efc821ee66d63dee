import * as v from 'valibot'
import { DEVICE_KINDS, MERCHANT_DEVICE_KINDS, type DeviceKind } from '@contract/device-list'
import { BindDeviceSchema } from '@contract/devices'
import { m } from '@/paraglide/messages'
import { addValidationMessages } from '@/lib/validation-messages'

// The server's words for the rules below, which this form checks before sending.
addValidationMessages({
  error_device_merchant_required: m.error_device_merchant_required,
  error_device_location_required: m.error_device_location_required,
})

/** What the bind dialog edits: the contract's fields, the market when an OFFICIAL chooses it. */
export type BindFormValues = {
  code: string
  kind: DeviceKind
  merchantId: string | null
  stallNo: string
  marketId: string | null
}

/** Payment terminals and scales belong to a merchant (their place is its stall); counters and testers to a place. */
export const belongsToMerchant = (kind: DeviceKind) => MERCHANT_DEVICE_KINDS.includes(kind)

const { code, stallNo } = BindDeviceSchema.entries

const formSchema = (choosesMarket: boolean): v.GenericSchema<BindFormValues, unknown> =>
  v.pipe(
    v.object({
      code,
      // The dialog's select always holds one of them (the server's schema also takes a missing kind).
      kind: v.picklist(DEVICE_KINDS, 'validation_invalid'),
      merchantId: v.nullable(v.string()),
      stallNo: stallNo.wrapped,
      marketId: choosesMarket
        ? v.pipe(v.string('validation_market_required'), v.uuid('validation_market_required'))
        : v.nullable(v.string()),
    }),
    v.forward(
      v.partialCheck(
        [['kind'], ['merchantId']],
        (values) => !belongsToMerchant(values.kind) || values.merchantId !== null,
        'error_device_merchant_required',
      ),
      ['merchantId'],
    ),
    v.forward(
      v.partialCheck(
        [['kind'], ['merchantId'], ['stallNo']],
        (values) => belongsToMerchant(values.kind) || values.merchantId !== null || values.stallNo !== '',
        'error_device_location_required',
      ),
      ['stallNo'],
    ),
  )

/** The form's schema, made once for each case: an OFFICIAL looking at all markets names the market, others do not. */
export const BIND_FORM_SCHEMAS = { choosingMarket: formSchema(true), marketFixed: formSchema(false) }

export const emptyBindForm = (marketId: string | null): BindFormValues => ({
  code: '',
  kind: 'payment_terminal',
  merchantId: null,
  stallNo: '',
  marketId,
})
