import * as v from 'valibot'
import {
  MERCHANT_LICENCE_KINDS,
  MerchantLicencesFormSchema,
  licenceFormValues,
  type HolderLicences,
  type LicenceFormValues,
  type MerchantLicenceKind,
} from '@contract/licences'
import { MerchantFieldsSchema, type Merchant, type MerchantFieldsInput } from '@contract/merchants'
import type { MerchantListItem } from '@contract/merchants'

/**
 * What the merchant form edits: the contract's fields, its two licences (blank for none, issue 26 §1),
 * plus the market when an OFFICIAL registers.
 */
export type MerchantFormValues = MerchantFieldsInput & {
  marketId: string | null
  licences: Record<MerchantLicenceKind, LicenceFormValues>
}

const formSchema = (needsMarket: boolean): v.GenericSchema<MerchantFormValues, unknown> =>
  v.object({
    ...MerchantFieldsSchema.entries,
    licences: MerchantLicencesFormSchema,
    marketId: needsMarket ? v.string('validation_market_required') : v.nullable(v.string()),
  })
/** The form's schema, made once for each case: an OFFICIAL registering names the market, others do not. */
export const MERCHANT_FORM_SCHEMAS = { choosingMarket: formSchema(true), marketFixed: formSchema(false) }

const EMPTY: MerchantFormValues = {
  name: '',
  bankMerchantNo: '',
  otherBankNo: '',
  paymentSubMerchantNo: '',
  stallNo: '',
  phone: '',
  idCardNo: '',
  creditCode: '',
  category: 'vegetables',
  age: Number.NaN,
  gender: 'male',
  political: '',
  education: '',
  address: '',
  notes: '',
  healthCertificateFileId: null,
  foodLicenceFileId: null,
  marketId: null,
  licences: licenceFormValues(MERCHANT_LICENCE_KINDS, undefined),
}

/** A new merchant's form (in `marketId`, when one is in scope), or an existing merchant's fields and licences. */
export function merchantFormValues(
  merchant: Merchant | null,
  marketId: string | null,
  licences?: HolderLicences,
): MerchantFormValues {
  if (!merchant) return { ...EMPTY, marketId }
  const {
    id: _id,
    marketName: _market,
    accountUsername: _username,
    status: _status,
    licenceState: _licences,
    createdTime: _created,
    ...fields
  } = merchant
  return { ...fields, marketId: merchant.marketId, licences: licenceFormValues(MERCHANT_LICENCE_KINDS, licences) }
}

/**
 * What the edit page shows at once from the list's row (kept under the URL's key) while the full
 * merchant loads: the fields the row has, the rest empty and the form not yet editable.
 */
export const rowPreview = (row: MerchantListItem): MerchantFormValues => ({
  ...EMPTY,
  name: row.name,
  stallNo: row.stallNo,
  phone: row.phone,
  creditCode: row.creditCode,
  category: row.category,
  marketId: row.marketId,
})
