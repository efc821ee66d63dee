import type { ListSearchOf } from '@contract/list'
import type { MERCHANT_LIST } from '@contract/merchant-list'
import { MerchantListSchema, type MerchantListItem } from '@contract/merchants'
import { readLargeParams } from '@/lib/large-params'
import { tabsStore } from '@/lib/tabs'

/**
 * What the merchant edit route's guard needs, loaded on demand so that neither the merchant schemas
 * nor the tab store weigh on the first page.
 */

/**
 * The list row stored under an edit address's key (SPEC §4), checked as the list's own answer is:
 * a row stored by an older console or edited by hand is no row.
 */
export const storedMerchantRow = (key: string): MerchantListItem | null =>
  readLargeParams(key, MerchantListSchema.entries.list.item)

/**
 * The list's filters to go back to without a row: those of the merchant list's tab in the same
 * market, which the user set (the edit address itself carries only the key and the market). The
 * list's own search schema checks them again as it opens.
 */
export function listFiltersToReturnTo(market: string | undefined): ListSearchOf<typeof MERCHANT_LIST> {
  const list = tabsStore.get().tabs.findLast((tab) => tab.name === 'MerchantManage' && tab.query.market === market)
  const { redirect: _marker, market: _market, ...filters } = list?.query ?? {}
  return filters as ListSearchOf<typeof MERCHANT_LIST>
}
