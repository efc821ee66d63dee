import * as v from 'valibot'
import {
  MARKET_LICENCE_KINDS,
  MarketLicencesFormSchema,
  licenceFormValues,
  type HolderLicences,
  type LicenceFormValues,
  type MarketLicenceKind,
} from '@contract/licences'
import { MarketFieldsSchema, type Market, type MarketFieldsInput } from '@contract/markets'
import { ClearPasswordSchema } from '@contract/password'
import { shanghaiToday } from '@contract/time'
import { checkUsername } from './queries'

/** What the market form edits: the contract's fields, its own licences (blank for none), the password when registering. */
export type MarketFormValues = MarketFieldsInput & {
  password: string
  licences: Record<MarketLicenceKind, LicenceFormValues>
}

export const CreateMarketFormSchema: v.GenericSchema<MarketFormValues, unknown> = v.object({
  ...MarketFieldsSchema.entries,
  licences: MarketLicencesFormSchema,
  password: ClearPasswordSchema,
})
// Editing never touches the password: the form keeps an empty one that is not sent.
export const EditMarketFormSchema: v.GenericSchema<MarketFormValues, unknown> = v.object({
  ...MarketFieldsSchema.entries,
  licences: MarketLicencesFormSchema,
  password: v.string(),
})

/** A new market's form, or an existing market's fields and licences (its id, account and time are not edited). */
export function marketFormValues(market: Market | null, licences?: HolderLicences): MarketFormValues {
  if (!market) {
    return {
      paymentBank: 'ICBC',
      accountUsername: '',
      accountStatus: 1,
      registeredOn: shanghaiToday(),
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
      licences: licenceFormValues(MARKET_LICENCE_KINDS, undefined),
    }
  }
  const { id: _id, accountUk: _uk, registerTime: _time, ...fields } = market
  return {
    ...fields,
    accountStatus: market.accountStatus === 1 ? 1 : 2,
    password: '',
    licences: licenceFormValues(MARKET_LICENCE_KINDS, licences),
  }
}

/**
 * The account username's field validators: taken names are refused while typing (the server checks
 * again). A malformed name answers the schema's own error, not "no error": a field validator's answer
 * replaces what the form's schema said of the field, and "none" cleared the format error after a
 * failed submit.
 */
export const usernameAvailable = (exceptMarketId: string | undefined) => ({
  onChangeAsyncDebounceMs: 400,
  onChangeAsync: async ({ value }: { value: string }) => {
    const format = v.safeParse(MarketFieldsSchema.entries.accountUsername, value)
    if (!format.success) return format.issues[0]
    const name = format.output
    const { available } = await checkUsername(name, exceptMarketId)
    return available ? undefined : 'error_username_taken'
  },
})
