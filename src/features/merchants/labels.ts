import type { BusinessCategory, MerchantStatus } from '@contract/merchant-list'
import { BUSINESS_CATEGORIES } from '@contract/merchant-list'
import type { EDUCATION_LEVELS, GENDERS, POLITICAL_AFFILIATIONS } from '@contract/merchants'
import {
  BUSINESS_CATEGORY_WORDS,
  EDUCATION_WORDS,
  GENDER_WORDS,
  MERCHANT_STATUS_WORDS,
  POLITICAL_WORDS,
} from '@contract/words'
import { wordFor, wordOptions } from '@/lib/words'

/**
 * The words for the merchant contract's fixed values, as functions so they follow a language switch.
 * The form's choices of personal answers are ./person-labels.ts (they bring the merchant schemas).
 */

export const categoryLabel = (category: BusinessCategory) => wordFor(BUSINESS_CATEGORY_WORDS, category)
export const categoryOptions = () => wordOptions(BUSINESS_CATEGORIES, BUSINESS_CATEGORY_WORDS)

export const statusLabel = (status: MerchantStatus) => wordFor(MERCHANT_STATUS_WORDS, status)

/** A merchant's answers as words: '' (not given) stays '' for the page to say so. */
export const genderLabel = (gender: (typeof GENDERS)[number]) => wordFor(GENDER_WORDS, gender)
export const politicalLabel = (value: (typeof POLITICAL_AFFILIATIONS)[number] | '') =>
  value ? wordFor(POLITICAL_WORDS, value) : ''
export const educationLabel = (value: (typeof EDUCATION_LEVELS)[number] | '') =>
  value ? wordFor(EDUCATION_WORDS, value) : ''
