import { m } from '@/paraglide/messages'
import { marketChoiceStore } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { tabLabels, type Tab } from '@/lib/tabs'

/**
 * The words for list filters that can tell two tabs of one list apart. The lists' own label modules
 * live in their features, which the shell may not import; these reuse the same messages.
 */
const FILTER_WORDS: Record<string, Record<string, Record<string, () => string>>> = {
  MarketManage: { status: { '1': m.user_status_normal, '2': m.user_status_frozen } },
  MerchantManage: {
    status: { active: m.merchants_status_active, left: m.merchants_status_left },
    category: {
      vegetables: m.merchants_category_vegetables,
      fruit: m.merchants_category_fruit,
      meat: m.merchants_category_meat,
      aquatic: m.merchants_category_aquatic,
      eggs_poultry: m.merchants_category_eggs_poultry,
      grain_oil: m.merchants_category_grain_oil,
      dry_goods: m.merchants_category_dry_goods,
      cooked_food: m.merchants_category_cooked_food,
      other: m.merchants_category_other,
    },
  },
  DeviceManage: {
    status: { online: m.devices_status_online, offline: m.devices_status_offline },
    kind: {
      payment_terminal: m.device_kind_payment_terminal,
      scale: m.device_kind_scale,
      passenger_counter: m.device_kind_passenger_counter,
      pesticide_tester: m.device_kind_pesticide_tester,
    },
  },
}

/** Search text as typed, a filter by its word, the page number; a market by name when this browser knows it. */
function describeQuery(tab: Tab, key: string, value: unknown): string | null {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null
  if (text === null) return null
  if (key === 'q') return text
  if (key === 'page') return m.tab_page({ page: text })
  if (key === 'market') {
    const choice = marketChoiceStore.get()
    return choice?.id === text ? choice.name : null
  }
  return FILTER_WORDS[tab.name]?.[key]?.[text]?.() ?? null
}

/** Each tab's label in the current language, by its address. */
export const labelsOf = (tabs: readonly Tab[]): Map<string, string> =>
  tabLabels(tabs, (tab) => routeTitle(tab.title), describeQuery)

/** The address a tab opens, readable (`/market?q=唐山`), for its tooltip. */
export function readableAddress(fullPath: string): string {
  try {
    return decodeURI(fullPath)
  } catch {
    return fullPath
  }
}
