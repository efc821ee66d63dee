import type { BusinessCategory, MerchantStatus } from '@contract/merchant-list'
import { BUSINESS_CATEGORIES } from '@contract/merchant-list'
import { EDUCATION_LEVELS, GENDERS, POLITICAL_AFFILIATIONS } from '@contract/merchants'
import { BUSINESS_CATEGORY_WORDS, MERCHANT_STATUS_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordFor, wordOptions } from '@/lib/words'

/** The words for the merchant contract's fixed choices, as functions so they follow a language switch. */

export const categoryLabel = (category: BusinessCategory) => wordFor(BUSINESS_CATEGORY_WORDS, category)
export const categoryOptions = () => wordOptions(BUSINESS_CATEGORIES, BUSINESS_CATEGORY_WORDS)

export const statusLabel = (status: MerchantStatus) => wordFor(MERCHANT_STATUS_WORDS, status)

const GENDER: Record<(typeof GENDERS)[number], () => string> = {
  male: m.merchants_gender_male,
  female: m.merchants_gender_female,
}
export const genderOptions = () => GENDERS.map((value) => ({ value, label: GENDER[value]() }))

const POLITICAL: Record<(typeof POLITICAL_AFFILIATIONS)[number], () => string> = {
  masses: m.merchants_political_masses,
  cpc_member: m.merchants_political_cpc_member,
  cyl_member: m.merchants_political_cyl_member,
  democratic_party: m.merchants_political_democratic_party,
  other: m.merchants_political_other,
}
export const politicalOptions = () => [
  { value: '' as const, label: m.merchants_not_given() },
  ...POLITICAL_AFFILIATIONS.map((value) => ({ value, label: POLITICAL[value]() })),
]

const EDUCATION: Record<(typeof EDUCATION_LEVELS)[number], () => string> = {
  primary: m.merchants_education_primary,
  junior_high: m.merchants_education_junior_high,
  senior_high: m.merchants_education_senior_high,
  college: m.merchants_education_college,
  bachelor: m.merchants_education_bachelor,
  postgraduate: m.merchants_education_postgraduate,
}
export const educationOptions = () => [
  { value: '' as const, label: m.merchants_not_given() },
  ...EDUCATION_LEVELS.map((value) => ({ value, label: EDUCATION[value]() })),
]

/** A merchant's answers as words: '' (not given) stays '' for the page to say so. */
export const genderLabel = (gender: (typeof GENDERS)[number]) => GENDER[gender]()
export const politicalLabel = (value: (typeof POLITICAL_AFFILIATIONS)[number] | '') => (value ? POLITICAL[value]() : '')
export const educationLabel = (value: (typeof EDUCATION_LEVELS)[number] | '') => (value ? EDUCATION[value]() : '')
