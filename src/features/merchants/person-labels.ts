import { EDUCATION_LEVELS, GENDERS, POLITICAL_AFFILIATIONS } from '@contract/merchants'
import { EDUCATION_WORDS, GENDER_WORDS, POLITICAL_WORDS } from '@contract/words'
import { m } from '@/paraglide/messages'
import { wordOptions } from '@/lib/words'

/**
 * The form's choices for a merchant's personal answers, apart from ./labels.ts: they read the
 * merchant contract's schemas module, which the list and the merchant's page need not load.
 */

export const genderOptions = () => wordOptions(GENDERS, GENDER_WORDS)
export const politicalOptions = () => [
  { value: '' as const, label: m.merchants_not_given() },
  ...wordOptions(POLITICAL_AFFILIATIONS, POLITICAL_WORDS),
]
export const educationOptions = () => [
  { value: '' as const, label: m.merchants_not_given() },
  ...wordOptions(EDUCATION_LEVELS, EDUCATION_WORDS),
]
