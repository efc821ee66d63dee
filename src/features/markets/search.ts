import * as v from 'valibot'
import { MARKET_SORTS } from '@contract/market-sorts'

/** The market list's URL state: a bad or missing value falls back rather than failing the page. */
export const MarketSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist([10, 20, 50, 100]), 20), 20),
  sort: v.fallback(v.optional(v.picklist(MARKET_SORTS), 'registeredAt'), 'registeredAt'),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc']), 'desc'), 'desc'),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
  status: v.fallback(v.optional(v.picklist(['1', '2'])), undefined),
})
export type MarketSearch = v.InferOutput<typeof MarketSearchSchema>

/** Defaults stay out of the URL (and so out of the tab's address). */
export const MARKET_SEARCH_DEFAULTS = { page: 1, pageSize: 20, sort: 'registeredAt', order: 'desc' } as const
