import * as v from 'valibot'
import { useSelector } from '@tanstack/react-store'
import { forgetDraft } from './form-memory'
import { persistedStore } from './persisted-store'
import { isSafeRedirect } from './permissions'

/** An open page in the tab bar (SPEC §3). Its title is a route-title key, translated when shown. */
export type Tab = {
  name: string
  title: string
  fullPath: string
  query: Record<string, unknown>
  ignoreCache: boolean
}
export type TabsState = { tabs: Tab[]; cached: string[] }

export const HOME_TAB: Tab = {
  name: 'Workplace',
  title: 'Workplace',
  fullPath: '/dashboard/workplace',
  query: {},
  ignoreCache: false,
}
/** Routes that never become tabs. */
const NOT_TABS = new Set(['Redirect', 'login', 'notFound'])
const MAX_TABS = 20

const cachedNames = (tabs: Tab[]) => [...new Set(tabs.filter((tab) => !tab.ignoreCache).map((tab) => tab.name))]

/** Workplace is one tab that cannot close; its address follows the page (e.g. `?market=`). */
export const isHome = (tab: Tab) => tab.name === HOME_TAB.name

const stateOf = (tabs: Tab[]): TabsState => ({ tabs, cached: cachedNames(tabs) })

const TabSchema = v.object({
  name: v.string(),
  title: v.string(),
  // A stored path is navigated to: only the console's own pages, never another site.
  fullPath: v.pipe(
    v.string(),
    v.check((path) => isSafeRedirect(path) && path !== 'notFound'),
  ),
  query: v.fallback(v.record(v.string(), v.unknown()), {}),
  ignoreCache: v.fallback(v.boolean(), false),
})

/** A bad tab is dropped on its own; the others and the home tab stay. */
const TabsSchema = v.pipe(
  v.object({ tabs: v.array(v.unknown()) }),
  v.transform(({ tabs: stored }) => {
    const tabs = stored.flatMap((item) => {
      const tab = v.safeParse(TabSchema, item)
      return tab.success ? [tab.output] : []
    })
    return stateOf(tabs.some(isHome) ? tabs : [HOME_TAB, ...tabs])
  }),
)

export const tabsStore = persistedStore({
  key: 'tabs',
  schema: TabsSchema,
  fallback: stateOf([HOME_TAB]),
  persist: ({ tabs }) => ({ tabs }),
})

const commit = (tabs: Tab[]) => tabsStore.setState(() => stateOf(tabs))

/**
 * Records a page the user arrived at. A replaced history entry (filters, paging) on the same route
 * updates the tab it came from; anything else opens a tab, or selects the one already open.
 */
export function visitPage(
  page: Omit<Tab, 'title' | 'ignoreCache'> & { title?: string; ignoreCache?: boolean },
  previousFullPath: string | null,
  replaced: boolean,
): void {
  if (NOT_TABS.has(page.name)) return
  const tabs = tabsStore.get().tabs
  if (tabs.some((tab) => tab.fullPath === page.fullPath)) return
  const next: Tab = {
    name: page.name,
    title: page.title ?? page.name,
    fullPath: page.fullPath,
    query: page.query,
    ignoreCache: page.ignoreCache ?? false,
  }
  if (isHome(next)) {
    commit(tabs.map((tab) => (isHome(tab) ? next : tab)))
    return
  }
  const previousIndex = previousFullPath === null ? -1 : tabs.findIndex((tab) => tab.fullPath === previousFullPath)
  const previous = tabs[previousIndex]
  if (replaced && previous && previous.name === page.name) {
    commit(tabs.map((tab, index) => (index === previousIndex ? next : tab)))
    return
  }
  const opened = [...tabs, next]
  // Past the limit the oldest closable tab goes.
  if (opened.length > MAX_TABS)
    opened.splice(
      opened.findIndex((tab) => !isHome(tab)),
      1,
    )
  commit(opened)
}

export type CloseAction = 'self' | 'others' | 'left' | 'right' | 'all'

/** Closes tabs around `target`; the home tab always stays. Returns the tab to show if the active one closed. */
export function closeTabs(action: CloseAction, target: Tab, activeFullPath: string): Tab | null {
  const tabs = tabsStore.get().tabs
  const index = tabs.findIndex((tab) => tab.fullPath === target.fullPath)
  if (index < 0) return null
  const keep = (tab: Tab, i: number): boolean => {
    if (isHome(tab)) return true
    switch (action) {
      case 'self':
        return i !== index
      case 'others':
        return i === index
      case 'left':
        return i >= index
      case 'right':
        return i <= index
      case 'all':
        return false
    }
  }
  const remaining = tabs.filter(keep)
  // A closed tab's half-filled form goes with it.
  for (const tab of tabs) if (!remaining.includes(tab)) forgetDraft(tab.fullPath)
  commit(remaining)
  if (remaining.some((tab) => tab.fullPath === activeFullPath)) return null
  const home = remaining.find(isHome) ?? HOME_TAB
  if (action === 'self') return remaining[Math.min(index, remaining.length - 1)] ?? home
  return remaining.find((tab) => tab.fullPath === target.fullPath) ?? home
}

/** After sign-out the next user starts with Workplace only. */
export function resetTabs(): void {
  commit([HOME_TAB])
}

export const useTabs = () => useSelector(tabsStore)
