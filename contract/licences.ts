import * as v from 'valibot'
import { CalendarDateSchema, requiredText, wholeNumber } from './fields'
import { LICENCE_STATES, type LicenceState } from './licence-state'
import { MarketQueryEntries } from './scope'

/**
 * Licences and certificates (issue 26 §1): what a merchant and a market must hold, each with its
 * number, issuing authority and days of validity. The photo stays where the forms already keep it
 * (merchants.health_certificate_file_id / food_licence_file_id, markets.business_licence_file_id /
 * operating_licence_file_id). Written with the merchant's or the market's form, in its transaction.
 */

/** What a merchant holds: a health certificate (健康证) and a food business licence (食品经营许可证). */
export const MERCHANT_LICENCE_KINDS = ['health_certificate', 'food_business_licence'] as const
/** What a market holds: its business licence and its operating licence. */
export const MARKET_LICENCE_KINDS = ['business_licence', 'operating_licence'] as const
const LICENCE_KINDS = [...MERCHANT_LICENCE_KINDS, ...MARKET_LICENCE_KINDS] as const
export type LicenceKind = (typeof LICENCE_KINDS)[number]
export type MerchantLicenceKind = (typeof MERCHANT_LICENCE_KINDS)[number]
export type MarketLicenceKind = (typeof MARKET_LICENCE_KINDS)[number]

/** Days of grace a market gives its merchants registered before licences were kept (issue 26 §1). */
export const DEFAULT_LICENCE_GRACE_DAYS = 60
const LICENCE_GRACE_DAYS = { min: 0, max: 365 } as const

/**
 * A licence as the form holds it. Its days are calendar days from 1900 to 2100 (CalendarDateSchema),
 * the last valid day after the first: a licence valid for no day, or ending before it starts, is a
 * typing mistake.
 */
export const LicenceFieldsSchema = v.pipe(
  v.object({
    number: requiredText(50),
    authority: requiredText(60),
    validFrom: CalendarDateSchema,
    validUntil: CalendarDateSchema,
  }),
  v.forward(
    v.check(({ validFrom, validUntil }) => validUntil > validFrom, 'validation_licence_until_after_from'),
    ['validUntil'],
  ),
)
export type LicenceFields = v.InferOutput<typeof LicenceFieldsSchema>

/** Each kind's licence, or null for none (a licence once given may be taken away again). */
const licencesOf = <const K extends readonly string[]>(kinds: K) =>
  v.strictObject(
    Object.fromEntries(kinds.map((kind) => [kind, v.nullable(LicenceFieldsSchema)])) as {
      [Kind in K[number]]: v.NullableSchema<typeof LicenceFieldsSchema, undefined>
    },
    'validation_invalid',
  )

/** A merchant's licences as its form sends them; absent from an edit, they are left as they are. */
export const MerchantLicencesSchema = licencesOf(MERCHANT_LICENCE_KINDS)
export type MerchantLicences = v.InferOutput<typeof MerchantLicencesSchema>
export const MarketLicencesSchema = licencesOf(MARKET_LICENCE_KINDS)
export type MarketLicences = v.InferOutput<typeof MarketLicencesSchema>

/** A licence as the API answers it: its fields and its state today (Asia/Shanghai). */
const LicenceSchema = v.object({
  kind: v.picklist(LICENCE_KINDS),
  number: v.string(),
  authority: v.string(),
  validFrom: v.string(),
  validUntil: v.string(),
  state: v.picklist(LICENCE_STATES),
})

/** A holder's licences: one entry per kind it must hold, `licence` null when it has none. */
export const HolderLicencesSchema = v.object({
  /** The worst of the entries' states. */
  state: v.picklist(LICENCE_STATES),
  licences: v.array(
    v.object({
      kind: v.picklist(LICENCE_KINDS),
      state: v.picklist(LICENCE_STATES),
      licence: v.nullable(LicenceSchema),
    }),
  ),
  /** The last day of the market's grace for licences missing (merchants only; null for a market). */
  graceUntil: v.nullable(v.string()),
})
export type HolderLicences = v.InferOutput<typeof HolderLicencesSchema>

/** How many merchants of the scope are in each state (the Workplace's counts). */
export const LicenceCountsSchema = v.object(
  Object.fromEntries(LICENCE_STATES.map((state) => [state, v.number()])) as Record<
    LicenceState,
    v.NumberSchema<undefined>
  >,
)
export type LicenceCounts = v.InferOutput<typeof LicenceCountsSchema>

/** A market's rules (its page's small "rules" section): grace days for licences, days for complaints. */
export const MarketRulesSchema = v.object({
  licenceGraceDays: wholeNumber(LICENCE_GRACE_DAYS.min, LICENCE_GRACE_DAYS.max, 'validation_licence_grace_days'),
  complaintDeadlineDays: wholeNumber(1, 90, 'validation_complaint_deadline_days'),
})
export type MarketRules = v.InferOutput<typeof MarketRulesSchema>

/** The Workplace's counts: the caller's market, or OFFICIAL's chosen one (every market without it). */
export const LicenceCountsQuerySchema = v.object({ ...MarketQueryEntries })
/** A market's rules as its page reads them, with the first day of its grace. */
export const MarketRulesAnswerSchema = v.object({
  licenceGraceDays: v.number(),
  complaintDeadlineDays: v.number(),
  licenceGraceFrom: v.string(),
})

/**
 * A licence as a form holds it: four texts, all empty for none. Empty, it is null; partly or wholly
 * filled, it is checked as LicenceFieldsSchema (whose issues, with their fields, are the union's).
 */
const BlankLicenceSchema = v.pipe(
  v.object({ number: v.literal(''), authority: v.literal(''), validFrom: v.literal(''), validUntil: v.literal('') }),
  v.transform(() => null),
)
const LicenceFormSchema = v.union([BlankLicenceSchema, LicenceFieldsSchema], 'validation_invalid')
const BLANK_LICENCE = { number: '', authority: '', validFrom: '', validUntil: '' } as const
export type LicenceFormValues = { number: string; authority: string; validFrom: string; validUntil: string }

/** The form's values of a holder's licences: each kind's as held, or blank. */
export function licenceFormValues<K extends LicenceKind>(
  kinds: readonly K[],
  held: HolderLicences | undefined,
): Record<K, LicenceFormValues> {
  return Object.fromEntries(
    kinds.map((kind) => {
      const licence = held?.licences.find((entry) => entry.kind === kind)?.licence
      return [
        kind,
        licence
          ? {
              number: licence.number,
              authority: licence.authority,
              validFrom: licence.validFrom,
              validUntil: licence.validUntil,
            }
          : { ...BLANK_LICENCE },
      ]
    }),
  ) as Record<K, LicenceFormValues>
}

/** A merchant's two licences as the form checks them. */
export const MerchantLicencesFormSchema = v.object({
  health_certificate: LicenceFormSchema,
  food_business_licence: LicenceFormSchema,
})
export const MarketLicencesFormSchema = v.object({
  business_licence: LicenceFormSchema,
  operating_licence: LicenceFormSchema,
})
