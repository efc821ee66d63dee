import { beforeEach, describe, expect, it, vi } from 'vitest'

const storage = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
})

const { HOME_TAB, closeTabs, resetTabs, tabsStore, visitPage } = await import('../../src/lib/tabs')
const paths = () => tabsStore.get().tabs.map((tab) => tab.fullPath)
const page = (name: string, fullPath: string) => ({ name, fullPath, query: {} })

beforeEach(() => resetTabs())

describe('tab bar store', () => {
  it('starts with Workplace and never adds redirect, login or not-found pages', () => {
    visitPage(page('Redirect', '/redirect/market'), null, false)
    visitPage(page('notFound', '/not-found'), null, false)
    expect(paths()).toEqual([HOME_TAB.fullPath])
  })

  it('opens a tab per page, keeps query-distinct pages apart, and selects an open one', () => {
    visitPage(page('MerchantManage', '/merchant'), '/dashboard/workplace', false)
    visitPage(page('MarketRegister', '/market/register?id=1'), '/merchant', false)
    visitPage(page('MarketRegister', '/market/register?id=2'), '/market/register?id=1', false)
    visitPage(page('MerchantManage', '/merchant'), '/market/register?id=2', false)
    expect(paths()).toEqual(['/dashboard/workplace', '/merchant', '/market/register?id=1', '/market/register?id=2'])
  })

  it('keeps one Workplace tab whose address follows the page (a market chosen there)', () => {
    visitPage(page('MerchantManage', '/merchant'), '/dashboard/workplace', false)
    visitPage(page('Workplace', '/dashboard/workplace?market=m1'), '/merchant', false)
    visitPage(page('Workplace', '/dashboard/workplace?market=m2'), '/dashboard/workplace?market=m1', true)
    expect(paths()).toEqual(['/dashboard/workplace?market=m2', '/merchant'])
    // Closing the last other tab shows Workplace as the user left it.
    expect(closeTabs('self', tabsStore.get().tabs[1]!, '/merchant')?.fullPath).toBe('/dashboard/workplace?market=m2')
  })

  it("a list a page was sent back to (the `redirect` marker) is that list's tab, not a second one", () => {
    visitPage(page('MerchantManage', '/merchant?category=fruit'), '/dashboard/workplace', false)
    visitPage(page('MerchantEdit', '/merchant/edit?key=k'), '/merchant?category=fruit', false)
    visitPage(page('MerchantManage', '/merchant?category=fruit&redirect=MerchantEdit'), null, false)
    expect(paths()).toEqual([
      '/dashboard/workplace',
      '/merchant?category=fruit&redirect=MerchantEdit',
      '/merchant/edit?key=k',
    ])
    // Opened again from the menu, without the marker: the same tab.
    visitPage(page('MerchantManage', '/merchant?category=fruit'), '/merchant/edit?key=k', false)
    expect(paths()).toEqual(['/dashboard/workplace', '/merchant?category=fruit', '/merchant/edit?key=k'])
    // Another list of that page (another filter) is still a tab of its own.
    visitPage(page('MerchantManage', '/merchant?redirect=MerchantEdit'), null, false)
    expect(paths()).toHaveLength(4)
  })

  it('updates the tab in place when filters replace the URL', () => {
    visitPage(page('MerchantManage', '/merchant'), '/dashboard/workplace', false)
    visitPage(page('MerchantManage', '/merchant?page=2'), '/merchant', true)
    expect(paths()).toEqual(['/dashboard/workplace', '/merchant?page=2'])
  })

  it('closes self, others, left, right and all, keeping Workplace and choosing what to show', () => {
    for (const p of ['/a', '/b', '/c', '/d']) visitPage(page(p, p), null, false)
    const tab = (p: string) => tabsStore.get().tabs.find((t) => t.fullPath === p)!
    expect(closeTabs('self', tab('/c'), '/c')?.fullPath).toBe('/d')
    expect(paths()).toEqual(['/dashboard/workplace', '/a', '/b', '/d'])
    expect(closeTabs('left', tab('/b'), '/d')).toBeNull()
    expect(paths()).toEqual(['/dashboard/workplace', '/b', '/d'])
    expect(closeTabs('right', tab('/b'), '/d')?.fullPath).toBe('/b')
    expect(paths()).toEqual(['/dashboard/workplace', '/b'])
    visitPage(page('/e', '/e'), null, false)
    expect(closeTabs('others', tab('/e'), '/e')).toBeNull()
    expect(paths()).toEqual(['/dashboard/workplace', '/e'])
    expect(closeTabs('all', tab('/e'), '/e')?.fullPath).toBe('/dashboard/workplace')
    expect(paths()).toEqual(['/dashboard/workplace'])
  })

  it('survives a reload through localStorage and drops unsafe stored paths', async () => {
    visitPage(page('DeviceManage', '/device'), null, false)
    const stored = JSON.parse(storage.get('tabs')!) as { tabs: { fullPath: string }[] }
    stored.tabs.push({ fullPath: '//evil.example', name: 'x', title: 'x' } as never)
    storage.set('tabs', JSON.stringify(stored))
    vi.resetModules()
    const reloaded = await import('../../src/lib/tabs')
    expect(reloaded.tabsStore.get().tabs.map((t) => t.fullPath)).toEqual(['/dashboard/workplace', '/device'])
    expect(reloaded.tabsStore.get().cached).toEqual(['Workplace', 'DeviceManage'])
  })

  it('starts with Workplace alone over a stored value it cannot read, and fills what an older tab lacks', async () => {
    for (const stored of ['{"tabs":', '{"tabs":"x"}', '[]']) {
      storage.set('tabs', stored)
      vi.resetModules()
      const reloaded = await import('../../src/lib/tabs')
      expect(reloaded.tabsStore.get().tabs, stored).toEqual([HOME_TAB])
    }
    storage.set(
      'tabs',
      JSON.stringify({ tabs: [{ name: 'DeviceManage', title: 'DeviceManage', fullPath: '/device' }] }),
    )
    vi.resetModules()
    const reloaded = await import('../../src/lib/tabs')
    expect(reloaded.tabsStore.get().tabs[1]).toEqual({
      name: 'DeviceManage',
      title: 'DeviceManage',
      fullPath: '/device',
      query: {},
      ignoreCache: false,
      pinned: false,
    })
  })
})
