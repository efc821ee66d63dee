import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as TabsModuleNamespace from './tabs'
import type { Tab } from './tabs'

type TabsModule = typeof TabsModuleNamespace

/** A fresh copy of the store, as a reload (or another window) would start it from storage. */
async function load(): Promise<TabsModule> {
  vi.resetModules()
  return import('./tabs')
}

let tabs: TabsModule
const paths = () => tabs.tabsStore.get().tabs.map((tab) => tab.fullPath)
const tab = (path: string): Tab => {
  const found = tabs.tabsStore.get().tabs.find((item) => item.fullPath === path)
  if (!found) throw new Error(`no tab ${path}`)
  return found
}
const open = (...fullPaths: string[]) => {
  for (const fullPath of fullPaths) tabs.visitPage({ name: fullPath, fullPath, query: {} }, null, false)
}

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  tabs = await load()
})

describe('pinned tabs', () => {
  it('sort first after Workplace, in the order they were pinned; unpinned, a tab leads the rest', () => {
    open('/a', '/b', '/c', '/d')
    tabs.setPinned('/c', true)
    expect(paths()).toEqual(['/dashboard/workplace', '/c', '/a', '/b', '/d'])
    tabs.setPinned('/b', true)
    expect(paths()).toEqual(['/dashboard/workplace', '/c', '/b', '/a', '/d'])
    tabs.setPinned('/c', false)
    expect(paths()).toEqual(['/dashboard/workplace', '/b', '/c', '/a', '/d'])
    // Workplace is never pinned: it is first anyway and cannot close.
    tabs.setPinned('/dashboard/workplace', true)
    expect(tab('/dashboard/workplace').pinned).toBe(false)
  })

  it('survive close others, left, right and all; a pinned tab does not close on its own either', () => {
    open('/a', '/b', '/c', '/d')
    tabs.setPinned('/c', true)
    expect(tabs.closeTabs('others', tab('/b'), '/b')).toBeNull()
    expect(paths()).toEqual(['/dashboard/workplace', '/c', '/b'])
    expect(tabs.tabsToClose(tabs.tabsStore.get().tabs, 'self', tab('/c'))).toEqual([])
    expect(tabs.closeTabs('self', tab('/c'), '/c')).toBeNull()
    open('/e')
    expect(tabs.closeTabs('left', tab('/e'), '/b')?.fullPath).toBe('/e')
    expect(paths()).toEqual(['/dashboard/workplace', '/c', '/e'])
    expect(tabs.closeTabs('all', tab('/e'), '/e')?.fullPath).toBe('/dashboard/workplace')
    expect(paths()).toEqual(['/dashboard/workplace', '/c'])
  })

  it('are kept across a reload and stay pinned when their filters change in place', async () => {
    open('/a')
    tabs.visitPage({ name: 'MarketManage', fullPath: '/market', query: {} }, null, false)
    tabs.setPinned('/market', true)
    tabs.visitPage({ name: 'MarketManage', fullPath: '/market?q=x', query: { q: 'x' } }, '/market', true)
    tabs = await load()
    expect(paths()).toEqual(['/dashboard/workplace', '/market?q=x', '/a'])
    expect(tab('/market?q=x').pinned).toBe(true)
  })

  it('are never dropped to make room past the tab limit', () => {
    open('/p')
    tabs.setPinned('/p', true)
    open(...Array.from({ length: 25 }, (_, i) => `/t${i}`))
    expect(paths()).toHaveLength(20)
    expect(paths().slice(0, 3)).toEqual(['/dashboard/workplace', '/p', '/t7'])
  })
})

describe('close actions', () => {
  it('are moot (nothing to close) exactly when only Workplace and pinned tabs are in their way', () => {
    open('/a', '/b')
    tabs.setPinned('/a', true)
    const all = () => tabs.tabsStore.get().tabs
    const count = (action: Parameters<TabsModule['tabsToClose']>[1], path: string) =>
      tabs.tabsToClose(all(), action, tab(path)).length
    expect([count('self', '/a'), count('others', '/a'), count('left', '/a'), count('right', '/a')]).toEqual([
      0, 1, 0, 1,
    ])
    expect([count('self', '/b'), count('others', '/b'), count('left', '/b'), count('right', '/b')]).toEqual([
      1, 0, 0, 0,
    ])
    expect(count('all', '/dashboard/workplace')).toBe(1)
    tabs.closeTabs('all', tab('/b'), '/b')
    expect(count('all', '/dashboard/workplace')).toBe(0)
  })
})

describe('reordering', () => {
  it('moves a tab within its group: Workplace stays first, unpinned never pass pinned', () => {
    open('/a', '/b', '/c', '/d')
    tabs.setPinned('/a', true)
    tabs.setPinned('/b', true)
    // [W, a, b, c, d]
    expect(tabs.moveTab('/d', 0)).toBe(3)
    expect(paths()).toEqual(['/dashboard/workplace', '/a', '/b', '/d', '/c'])
    expect(tabs.moveTab('/a', 4)).toBe(2)
    expect(paths()).toEqual(['/dashboard/workplace', '/b', '/a', '/d', '/c'])
    expect(tabs.moveTabBy('/c', -1)).toBe(3)
    expect(tabs.moveTabBy('/c', -1)).toBe(3)
    expect(paths()).toEqual(['/dashboard/workplace', '/b', '/a', '/c', '/d'])
    expect(tabs.moveTab('/dashboard/workplace', 3)).toBe(0)
  })

  it('keeps the order across a reload', async () => {
    open('/a', '/b', '/c')
    tabs.moveTab('/c', 1)
    tabs = await load()
    expect(paths()).toEqual(['/dashboard/workplace', '/c', '/a', '/b'])
  })
})

describe('labels', () => {
  const title = (item: Tab) => (item.name === 'MarketManage' ? 'Market management' : item.name)
  const describe = (_: Tab, key: string, value: unknown) => (key === 'page' ? `page ${String(value)}` : String(value))
  const market = (fullPath: string, query: Record<string, unknown>): Tab => ({
    name: 'MarketManage',
    title: 'MarketManage',
    fullPath,
    query,
    ignoreCache: false,
    pinned: false,
  })

  it('name tabs of one route by what differs among them, search text first', () => {
    const list = [
      tabs.HOME_TAB,
      market('/market', {}),
      market('/market?q=唐山', { q: '唐山' }),
      market('/market?page=2&q=保定', { page: 2, q: '保定' }),
    ]
    expect([...tabs.tabLabels(list, title, describe).values()]).toEqual([
      'Workplace',
      'Market management',
      'Market management · 唐山',
      'Market management · 保定 · page 2',
    ])
  })

  it('leave out what they share and number tabs that would still read alike', () => {
    const list = [
      market('/market?q=a&sort=name', { q: 'a', sort: 'name' }),
      market('/market?q=a&sort=stallCount', { q: 'a', sort: 'stallCount' }),
      market('/market?q=b', { q: 'b' }),
    ]
    const quiet = (_: Tab, key: string, value: unknown) => (key === 'sort' ? null : String(value))
    expect([...tabs.tabLabels(list, title, quiet).values()]).toEqual([
      'Market management · a (1)',
      'Market management · a (2)',
      'Market management · b',
    ])
  })
})

describe('one set of tabs per window', () => {
  it('a reload finds its own window’s tabs even after another window changed the shared set', async () => {
    open('/mine')
    // Another window (its own session) opens a page: it writes the shared set.
    const mySession = JSON.stringify(Object.fromEntries(Object.entries(sessionStorage)))
    sessionStorage.clear()
    tabs = await load()
    expect(paths()).toEqual(['/dashboard/workplace', '/mine'])
    open('/theirs')
    // This window reloads: its session is what it was.
    sessionStorage.clear()
    for (const [key, value] of Object.entries(JSON.parse(mySession) as Record<string, string>))
      sessionStorage.setItem(key, value)
    tabs = await load()
    expect(paths()).toEqual(['/dashboard/workplace', '/mine'])
  })

  it('a new window starts from the set of the window that closed last', async () => {
    open('/first')
    // A second window, then changes in the first; the second closes last.
    const first = sessionStorage.getItem('tabs')
    sessionStorage.clear()
    tabs = await load()
    open('/second')
    const second = sessionStorage.getItem('tabs')
    sessionStorage.setItem('tabs', first ?? '')
    tabs = await load()
    open('/first-again')
    sessionStorage.setItem('tabs', second ?? '')
    tabs = await load()
    tabs.rememberWindowTabs()
    // A new window: nothing in its session.
    sessionStorage.clear()
    tabs = await load()
    expect(paths()).toEqual(['/dashboard/workplace', '/first', '/second'])
  })
})
