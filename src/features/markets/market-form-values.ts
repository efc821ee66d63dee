import * as v from 'valibot'
import { MarketFieldsSchema, type Market, type MarketFieldsInput } from '@contract/markets'
import { ClearPasswordSchema } from '@contract/password'
import { shanghaiToday } from '@contract/time'
import { checkUsername } from './queries'

/** What the market form edits: the contract's fields, plus the password when registering. */
export type MarketFormValues = MarketFieldsInput & { password: string }

export const CreateMarketFormSchema: v.GenericSchema<MarketFormValues, unknown> = v.object({
  ...MarketFieldsSchema.entries,
  password: ClearPasswordSchema,
})
// Editing never touches the password: the form keeps an empty one that is not sent.
export const EditMarketFormSchema: v.GenericSchema<MarketFormValues, unknown> = v.object({
  ...MarketFieldsSchema.entries,
  password: v.string(),
})

/** A new market's form, or an existing market's fields (its id, account and time are not edited). */
export function marketFormValues(market: Market | null): MarketFormValues {
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
    }
  }
  const { id: _id, accountUk: _uk, registerTime: _time, ...fields } = market
  return { ...fields, accountStatus: market.accountStatus === 1 ? 1 : 2, password: '' }
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
