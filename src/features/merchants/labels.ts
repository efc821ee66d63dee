import type { BusinessCategory, MerchantStatus } from '@contract/merchant-list'
import { BUSINESS_CATEGORIES } from '@contract/merchant-list'
import { EDUCATION_LEVELS, GENDERS, POLITICAL_AFFILIATIONS } from '@contract/merchants'
import { m } from '@/paraglide/messages'

/** The words for the merchant contract's fixed choices, as functions so they follow a language switch. */

const CATEGORY: Record<BusinessCategory, () => string> = {
  vegetables: m.merchants_category_vegetables,
  fruit: m.merchants_category_fruit,
  meat: m.merchants_category_meat,
  aquatic: m.merchants_category_aquatic,
  eggs_poultry: m.merchants_category_eggs_poultry,
  grain_oil: m.merchants_category_grain_oil,
  dry_goods: m.merchants_category_dry_goods,
  cooked_food: m.merchants_category_cooked_food,
  other: m.merchants_category_other,
}
export const categoryLabel = (category: BusinessCategory) => CATEGORY[category]()
export const categoryOptions = () => BUSINESS_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))

export const statusLabel = (status: MerchantStatus) =>
  status === 'active' ? m.merchants_status_active() : m.merchants_status_left()

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
