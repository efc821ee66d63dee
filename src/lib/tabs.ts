import * as v from 'valibot'
import { useSelector } from '@tanstack/react-store'
import { forgetDraft } from './form-memory'
import { persistedStore, type PersistStorage } from './persisted-store'
import { isSafeRedirect } from './permissions'
import { TABS_KEY } from '@/prerender/frame-tabs'

/**
 * An open page in the tab bar (SPEC §3). Its title is a route-title key, translated when shown.
 * `pinned` is ours, beside SPEC's fields: a pinned tab sorts first and never closes in bulk.
 */
export type Tab = {
  name: string
  title: string
  fullPath: string
  query: Record<string, unknown>
  ignoreCache: boolean
  pinned: boolean
}
export type TabsState = { tabs: Tab[]; cached: string[] }

export const HOME_TAB: Tab = {
  name: 'Workplace',
  title: 'Workplace',
  fullPath: '/dashboard/workplace',
  query: {},
  ignoreCache: false,
  pinned: false,
}
/** Routes that never become tabs. */
const NOT_TABS = new Set(['Redirect', 'login', 'notFound'])
const MAX_TABS = 20
// A frame's boot script reads it too (src/prerender/frame-tabs.ts), to draw the open tabs before the code runs.
const KEY = TABS_KEY

const cachedNames = (tabs: Tab[]) => [...new Set(tabs.filter((tab) => !tab.ignoreCache).map((tab) => tab.name))]

/** Workplace is one tab that cannot close or move; its address follows the page (e.g. `?market=`). */
export const isHome = (tab: Tab) => tab.name === HOME_TAB.name

/** Neither Workplace nor a pinned tab closes until it is unpinned. */
export const isClosable = (tab: Tab) => !isHome(tab) && !tab.pinned

/** Workplace first, then pinned tabs, then the rest, each group in the order the user left it. */
const rank = (tab: Tab) => (isHome(tab) ? 0 : tab.pinned ? 1 : 2)
const ordered = (tabs: Tab[]) => tabs.toSorted((a, b) => rank(a) - rank(b))

const stateOf = (tabs: Tab[]): TabsState => {
  const sorted = ordered(tabs)
  return { tabs: sorted, cached: cachedNames(sorted) }
}

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
  pinned: v.fallback(v.boolean(), false),
})

/** A bad tab is dropped on its own; the others and the home tab stay. */
const TabsSchema = v.pipe(
  v.object({ tabs: v.array(v.unknown()) }),
  v.transform(({ tabs: stored }) => {
    const tabs = stored.flatMap((item) => {
      const tab = v.safeParse(TabSchema, item)
      return tab.success ? [{ ...tab.output, pinned: tab.output.pinned && !isHome(tab.output) }] : []
    })
    return stateOf(tabs.some(isHome) ? tabs : [HOME_TAB, ...tabs])
  }),
)

function storageOf(kind: 'localStorage' | 'sessionStorage'): PersistStorage | undefined {
  try {
    return typeof globalThis[kind] === 'undefined' ? undefined : globalThis[kind]
  } catch {
    // Storage disabled by the browser: the tabs still work, they are just not kept.
    return undefined
  }
}

/**
 * Each browser window keeps its own tabs in sessionStorage (a reload finds them; another window has
 * its own). Every change also goes to localStorage, where a new window, whose session is empty, starts
 * from: the set of the window that changed or closed last (`rememberWindowTabs` on pagehide).
 */
const windowStorage: PersistStorage = {
  getItem(key) {
    const session = storageOf('sessionStorage')
    const own = session?.getItem(key)
    if (own != null) return own
    const shared = storageOf('localStorage')?.getItem(key) ?? null
    // Adopted at once, so a reload of this window does not pick up what another window writes next.
    if (shared != null) session?.setItem(key, shared)
    return shared
  },
  setItem(key, value) {
    storageOf('sessionStorage')?.setItem(key, value)
    storageOf('localStorage')?.setItem(key, value)
  },
  removeItem(key) {
    storageOf('sessionStorage')?.removeItem(key)
    storageOf('localStorage')?.removeItem(key)
  },
}

const persist = ({ tabs }: TabsState) => ({ tabs })

export const tabsStore = persistedStore({
  key: KEY,
  schema: TabsSchema,
  fallback: stateOf([HOME_TAB]),
  storage: windowStorage,
  persist,
})

/** Writes this window's tabs as the set a new window starts from (called as the window goes away). */
export function rememberWindowTabs(): void {
  try {
    storageOf('localStorage')?.setItem(KEY, JSON.stringify(persist(tabsStore.get())))
  } catch {
    // A full storage: the next window starts from an older set.
  }
}

const commit = (tabs: Tab[]) => tabsStore.setState(() => stateOf(tabs))

/**
 * Records a page the user arrived at. A replaced history entry (filters, paging) on the same route
 * updates the tab it came from; anything else opens a tab, or selects the one already open.
 */
export function visitPage(
  page: Omit<Tab, 'title' | 'ignoreCache' | 'pinned'> & { title?: string; ignoreCache?: boolean },
  previousFullPath: string | null,
  replaced: boolean,
): void {
  if (NOT_TABS.has(page.name)) return
  const tabs = tabsStore.get().tabs
  if (tabs.some((tab) => tab.fullPath === page.fullPath)) return
  // A page sent back to its list (SPEC §4's `redirect` marker) is that list's tab, and the list opened
  // again without the marker too: the same list, with or without the note saying why.
  const marked = (fullPath: string) => fullPath.includes('redirect=')
  const sameList = tabs.findIndex(
    (tab) =>
      tab.name === page.name &&
      (marked(page.fullPath) || marked(tab.fullPath)) &&
      withoutMarker(tab.fullPath) === withoutMarker(page.fullPath),
  )
  if (sameList >= 0) {
    commit(
      tabs.map((tab, index) => (index === sameList ? { ...tab, fullPath: page.fullPath, query: page.query } : tab)),
    )
    return
  }
  const next: Tab = {
    name: page.name,
    title: page.title ?? page.name,
    fullPath: page.fullPath,
    query: page.query,
    ignoreCache: page.ignoreCache ?? false,
    pinned: false,
  }
  if (isHome(next)) {
    commit(tabs.map((tab) => (isHome(tab) ? next : tab)))
    return
  }
  const previousIndex = previousFullPath === null ? -1 : tabs.findIndex((tab) => tab.fullPath === previousFullPath)
  const previous = tabs[previousIndex]
  if (replaced && previous && previous.name === page.name) {
    // A filter changed in place: the tab stays where it is, pinned if it was.
    commit(tabs.map((tab, index) => (index === previousIndex ? { ...next, pinned: previous.pinned } : tab)))
    return
  }
  const opened = [...tabs, next]
  // Past the limit the oldest closable tab goes; pinned tabs are never dropped for room.
  const oldest = opened.findIndex(isClosable)
  if (opened.length > MAX_TABS && oldest !== opened.length - 1) {
    forgetDraft(opened[oldest]!.fullPath)
    opened.splice(oldest, 1)
  }
  commit(opened)
}

/**
 * Names an open tab by what its page shows (a record's page: the market's name rather than "Market
 * details"), kept with the tab; a title that is no route's is shown as it is.
 */
export function nameTab(fullPath: string, title: string): void {
  const tabs = tabsStore.get().tabs
  if (!tabs.some((tab) => tab.fullPath === fullPath && tab.title !== title)) return
  commit(tabs.map((tab) => (tab.fullPath === fullPath ? { ...tab, title } : tab)))
}

/** An address without the `redirect` marker a guard adds when it sends a page back to a list. */
function withoutMarker(fullPath: string): string {
  const [path = '', query = ''] = fullPath.split(/\?(.*)/s)
  const params = new URLSearchParams(query)
  params.delete('redirect')
  const rest = params.toString()
  return rest ? `${path}?${rest}` : path
}

export type CloseAction = 'self' | 'others' | 'left' | 'right' | 'all'

/** The tabs `action` on `target` would close: never Workplace nor a pinned tab. Empty: the action is moot. */
export function tabsToClose(tabs: readonly Tab[], action: CloseAction, target: Tab): Tab[] {
  const index = tabs.findIndex((tab) => tab.fullPath === target.fullPath)
  if (index < 0) return []
  return tabs.filter((tab, i) => {
    if (!isClosable(tab)) return false
    switch (action) {
      case 'self':
        return i === index
      case 'others':
        return i !== index
      case 'left':
        return i < index
      case 'right':
        return i > index
      case 'all':
        return true
    }
  })
}

/** Closes tabs around `target`. Returns the tab to show if the active one closed. */
export function closeTabs(action: CloseAction, target: Tab, activeFullPath: string): Tab | null {
  const tabs = tabsStore.get().tabs
  const closing = new Set(tabsToClose(tabs, action, target))
  if (closing.size === 0) return null
  const remaining = tabs.filter((tab) => !closing.has(tab))
  // A closed tab's half-filled form goes with it.
  for (const tab of closing) forgetDraft(tab.fullPath)
  commit(remaining)
  if (remaining.some((tab) => tab.fullPath === activeFullPath)) return null
  const home = remaining.find(isHome) ?? HOME_TAB
  if (action === 'self') {
    const index = tabs.findIndex((tab) => tab.fullPath === target.fullPath)
    return remaining[Math.min(index, remaining.length - 1)] ?? home
  }
  return remaining.find((tab) => tab.fullPath === target.fullPath) ?? home
}

/** Pins or unpins a tab: pinned, it joins the end of the pinned group; unpinned, the start of the rest. */
export function setPinned(fullPath: string, pinned: boolean): void {
  const tabs = tabsStore.get().tabs
  const tab = tabs.find((item) => item.fullPath === fullPath)
  if (!tab || isHome(tab) || tab.pinned === pinned) return
  // The group order (stateOf's stable sort) puts it right at the boundary it crosses.
  commit(tabs.map((item) => (item === tab ? { ...item, pinned } : item)))
}

/**
 * `tabs` with the tab at `fullPath` moved to `index`, held inside its group: Workplace stays first and
 * a tab never crosses between pinned and unpinned by moving (pinning does that).
 */
export function withTabMoved(tabs: readonly Tab[], fullPath: string, index: number): Tab[] {
  const from = tabs.findIndex((tab) => tab.fullPath === fullPath)
  const tab = tabs[from]
  if (!tab || isHome(tab)) return [...tabs]
  const groupStart = tabs.findIndex((item) => rank(item) === rank(tab))
  const groupEnd = tabs.findLastIndex((item) => rank(item) === rank(tab))
  const to = Math.min(Math.max(index, groupStart), groupEnd)
  const rest = tabs.filter((_, i) => i !== from)
  rest.splice(to, 0, tab)
  return rest
}

/** Moves a tab to `index` (drag and drop); returns its new index. */
export function moveTab(fullPath: string, index: number): number {
  const moved = withTabMoved(tabsStore.get().tabs, fullPath, index)
  commit(moved)
  return moved.findIndex((tab) => tab.fullPath === fullPath)
}

/** Moves a tab one place left (-1) or right (+1) within its group; returns its new index. */
export function moveTabBy(fullPath: string, delta: -1 | 1): number {
  const index = tabsStore.get().tabs.findIndex((tab) => tab.fullPath === fullPath)
  return moveTab(fullPath, index + delta)
}

/** After sign-out the next user starts with Workplace only. */
export function resetTabs(): void {
  commit([HOME_TAB])
}

/** Words for one query value of a tab (`唐山` for `q`), or null when it says nothing worth showing. */
export type DescribeQuery = (tab: Tab, key: string, value: unknown) => string | null

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const present = (value: unknown) => value !== undefined && value !== null && value !== ''

/**
 * What each tab is called in the bar. A title shared by several tabs (one route, different queries)
 * is followed by what differs among them, search text first (`Market management · 唐山`); tabs that
 * still read the same are numbered in bar order.
 */
export function tabLabels(
  tabs: readonly Tab[],
  title: (tab: Tab) => string,
  describe: DescribeQuery,
): Map<string, string> {
  const groups = new Map<string, Tab[]>()
  for (const tab of tabs) groups.set(title(tab), [...(groups.get(title(tab)) ?? []), tab])
  const labels = new Map<string, string>()
  for (const [name, group] of groups) {
    if (group.length === 1) {
      labels.set(group[0]!.fullPath, name)
      continue
    }
    const keys = [...new Set(group.flatMap((tab) => Object.keys(tab.query)))]
      .filter((key) => group.some((tab) => !sameValue(tab.query[key], group[0]!.query[key])))
      .sort((a, b) => Number(b === 'q') - Number(a === 'q'))
    const named = group.map((tab) => {
      const parts = keys.flatMap((key) => {
        const value = tab.query[key]
        const words = present(value) ? describe(tab, key, value) : null
        return words ? [words] : []
      })
      return [name, ...parts].join(' · ')
    })
    group.forEach((tab, i) => {
      const label = named[i]!
      const repeated = named.filter((other) => other === label).length > 1
      labels.set(tab.fullPath, repeated ? `${label} (${i + 1})` : label)
    })
  }
  return labels
}

export const useTabs = () => useSelector(tabsStore)
