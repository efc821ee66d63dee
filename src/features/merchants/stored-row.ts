import { MerchantListSchema, type MerchantListItem } from '@contract/merchants'
import { readLargeParams } from '@/lib/large-params'

/**
 * The list row stored under an edit address's key (SPEC §4), checked as the list's own answer is:
 * a row stored by an older console or edited by hand is no row. Loaded by the edit route's guard on
 * demand, so the merchant schemas stay off the first page.
 */
export const storedMerchantRow = (key: string): MerchantListItem | null =>
  readLargeParams(key, MerchantListSchema.entries.list.item)
