import * as v from 'valibot'
import { RegisterComplaintSchema, type RegisterComplaintInput } from '@contract/complaints'
import './validation-words'

/** What the register form edits: the contract's fields, the market when an OFFICIAL chooses it. */
export type ComplaintFormValues = {
  marketId: string | null
  channel: string
  category: string
  merchantId: string | null
  stallNo: string
  description: string
  complainantName: string
  complainantContact: string
  photoFileIds: string[]
}

const { channel, category, stallNo, description, complainantName, complainantContact, photoFileIds } =
  RegisterComplaintSchema.entries

const formSchema = (choosesMarket: boolean): v.GenericSchema<ComplaintFormValues, unknown> =>
  v.pipe(
    v.object({
      marketId: choosesMarket
        ? v.pipe(v.string('validation_market_required'), v.uuid('validation_market_required'))
        : v.nullable(v.string()),
      channel,
      category,
      merchantId: v.nullable(v.string()),
      stallNo: stallNo.wrapped,
      description,
      complainantName: complainantName.wrapped,
      complainantContact: complainantContact.wrapped,
      photoFileIds: photoFileIds.wrapped,
    }),
    // The contract's rule, said on the stall: a complaint is against a stall or a merchant.
    v.forward(
      v.partialCheck(
        [['merchantId'], ['stallNo']],
        ({ merchantId, stallNo }) => merchantId !== null || stallNo.trim() !== '',
        'validation_complaint_target',
      ),
      ['stallNo'],
    ),
  )

/** The form's schema, made once for each case: an OFFICIAL names the market, an operator's is its own. */
export const COMPLAINT_FORM_SCHEMAS = { choosingMarket: formSchema(true), marketFixed: formSchema(false) }

/** A blank complaint, in `marketId` when one is in scope; most complaints come in on the complaint line. */
export const emptyComplaintForm = (marketId: string | null): ComplaintFormValues => ({
  marketId,
  channel: 'phone',
  category: '',
  merchantId: null,
  stallNo: '',
  description: '',
  complainantName: '',
  complainantContact: '',
  photoFileIds: [],
})

/** What is sent: the market only when the form names one (an operator's is implied by the session). */
export function complaintInput({ marketId, ...fields }: ComplaintFormValues): RegisterComplaintInput {
  return { ...fields, ...(marketId ? { marketId } : {}) }
}
