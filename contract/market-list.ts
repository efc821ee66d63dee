import { listQuery } from './list'

/**
 * The market list's query, in its own small file: the route's search schema loads with the first
 * page, the registration form's schemas do not.
 */
export const MARKET_SORTS = ['name', 'registeredAt', 'stallCount', 'accountUsername'] as const
/** The switcher searches as the user types; 50 names is more than its list shows at once. */
export const MAX_MARKET_OPTIONS = 50

/** status: 1 normal, 2 frozen (the account's). */
export const MARKET_STATUSES = ['1', '2'] as const
export type MarketStatus = (typeof MARKET_STATUSES)[number]

export const MARKET_LIST = listQuery({
  sorts: MARKET_SORTS,
  defaultSort: 'registeredAt',
  filters: { status: MARKET_STATUSES },
})
