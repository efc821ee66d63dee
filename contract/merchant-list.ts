import { LICENCE_STATES } from './licence-state'
import { listQuery } from './list'

/**
 * The merchant list's query, in its own small file: the route's search schema loads with the first
 * page, the registration form's schemas do not.
 */

/** Produce categories a stall sells (issue 8), in the order the console offers them. */
export const BUSINESS_CATEGORIES = [
  'vegetables',
  'fruit',
  'meat',
  'aquatic',
  'eggs_poultry',
  'grain_oil',
  'dry_goods',
  'cooked_food',
  'other',
] as const
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number]

/** A merchant who leaves keeps its record and history: leaving is a status, never a deletion. */
export const MERCHANT_STATUSES = ['active', 'left'] as const
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number]

/** A merchant's credit, 1 to 5 stars (contract/credit.ts), as the list's filter values (URL text). */
export const CREDIT_STAR_FILTERS = ['1', '2', '3', '4', '5'] as const
export type CreditStarFilter = (typeof CREDIT_STAR_FILTERS)[number]

/**
 * `licence`: by the worse of the merchant's two licence states, worst first when ascending. `credit`:
 * by its stars, fewest first when ascending.
 */
export const MERCHANT_SORTS = [
  'createdAt',
  'stallNo',
  'name',
  'accountUsername',
  'category',
  'licence',
  'credit',
] as const

export const MERCHANT_LIST = listQuery({
  sorts: MERCHANT_SORTS,
  defaultSort: 'createdAt',
  filters: {
    category: BUSINESS_CATEGORIES,
    status: MERCHANT_STATUSES,
    licence: LICENCE_STATES,
    credit: CREDIT_STAR_FILTERS,
  },
})
