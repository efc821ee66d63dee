/** Columns the market list sorts by. Its own file: route search schemas import it without the forms' schemas. */
export const MARKET_SORTS = ['name', 'registeredAt', 'stallCount', 'accountUsername'] as const
export type MarketSort = (typeof MARKET_SORTS)[number]
