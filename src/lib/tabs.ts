import { createStore, useStore } from './store'
import { forgetDraft } from './form-memory'
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

export const HOME_TAB: Tab = { name: 'Workplace', title: 'Workplace', fullPath: '/dashboard/workplace', query: {}, ignoreCache: false }
/** Routes that never become tabs. */
const NOT_TABS = new Set(['Redirect', 'login', 'notFound'])
const STORAGE_KEY = 'tabs'
const MAX_TABS = 20

const cachedNames = (tabs: Tab[]) => [...new Set(tabs.filter((tab) => !tab.ignoreCache).map((tab) => tab.name))]

function isTab(value: unknown): value is Tab {
  const tab = value as Tab
  return (
    typeof tab === 'object' &&
    tab !== null &&
    typeof tab.name === 'string' &&
    typeof tab.title === 'string' &&
    typeof tab.fullPath === 'string' &&
    isSafeRedirect(tab.fullPath) &&
    tab.fullPath !== 'notFound'
  )
}

function load(): TabsState {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { tabs?: unknown[] } | null
    const tabs = (stored?.tabs ?? []).filter(isTab).map((tab) => ({ ...tab, query: tab.query ?? {}, ignoreCache: Boolean(tab.ignoreCache) }))
    const withHome = tabs.some((tab) => tab.fullPath === HOME_TAB.fullPath) ? tabs : [HOME_TAB, ...tabs]
    return { tabs: withHome, cached: cachedNames(withHome) }
  } catch {
    return { tabs: [HOME_TAB], cached: [HOME_TAB.name] }
  }
}

export const tabsStore = createStore<TabsState>(typeof localStorage === 'undefined' ? { tabs: [HOME_TAB], cached: [HOME_TAB.name] } : load())

function commit(tabs: Tab[]): void {
  tabsStore.set({ tabs, cached: cachedNames(tabs) })
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ tabs }))
}

export const isHome = (tab: Tab) => tab.fullPath === HOME_TAB.fullPath

/**
 * Records a page the user arrived at. A replaced history entry (filters, paging) on the same route
 * updates the tab it came from; anything else opens a tab, or selects the one already open.
 */
export function visitPage(page: Omit<Tab, 'title' | 'ignoreCache'> & { title?: string; ignoreCache?: boolean }, previousFullPath: string | null, replaced: boolean): void {
  if (NOT_TABS.has(page.name)) return
  const tabs = tabsStore.get().tabs
  if (tabs.some((tab) => tab.fullPath === page.fullPath)) return
  const next: Tab = { name: page.name, title: page.title ?? page.name, fullPath: page.fullPath, query: page.query, ignoreCache: page.ignoreCache ?? false }
  const previousIndex = previousFullPath === null ? -1 : tabs.findIndex((tab) => tab.fullPath === previousFullPath)
  const previous = tabs[previousIndex]
  if (replaced && previous && previous.name === page.name && !isHome(previous)) {
    commit(tabs.map((tab, index) => (index === previousIndex ? next : tab)))
    return
  }
  const opened = [...tabs, next]
  // Past the limit the oldest closable tab goes.
  if (opened.length > MAX_TABS) opened.splice(opened.findIndex((tab) => !isHome(tab)), 1)
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
  if (action === 'self') return remaining[Math.min(index, remaining.length - 1)] ?? HOME_TAB
  return remaining.find((tab) => tab.fullPath === target.fullPath) ?? HOME_TAB
}

/** After sign-out the next user starts with Workplace only. */
export function resetTabs(): void {
  commit([HOME_TAB])
}

export const useTabs = () => useStore(tabsStore)
