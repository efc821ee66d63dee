import { PAGES, type PageName } from '@contract/pages'
import { m } from '@/paraglide/messages'
import { marketChoiceStore } from '@/lib/market-scope'
import { routeTitle } from '@/lib/route-meta'
import { tabLabels, type Tab } from '@/lib/tabs'
import { wordFor } from '@/lib/words'

/** Search text as typed, a filter by its word (the page's list words, contract/pages.ts), the page number; a market by name when this browser knows it. */
function describeQuery(tab: Tab, key: string, value: unknown): string | null {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null
  if (text === null) return null
  if (key === 'q') return text
  if (key === 'page') return m.tab_page({ page: text })
  if (key === 'market') {
    const choice = marketChoiceStore.get()
    return choice?.id === text ? choice.name : null
  }
  const words = Object.hasOwn(PAGES, tab.name) ? PAGES[tab.name as PageName].list?.[key] : undefined
  return words && Object.hasOwn(words, text) ? wordFor(words, text) : null
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
