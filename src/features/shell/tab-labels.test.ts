import { beforeEach, describe, expect, it } from 'vitest'
import { setLocale } from '@/paraglide/runtime'
import { setMarketChoice } from '@/lib/market-scope'
import type { Tab } from '@/lib/tabs'
import { labelsOf, readableAddress } from './tab-labels'

const tab = (name: string, title: string, fullPath: string, query: Record<string, unknown>): Tab => ({
  name,
  title,
  fullPath,
  query,
  ignoreCache: false,
  pinned: false,
})
const merchants = (fullPath: string, query: Record<string, unknown>) =>
  tab('MerchantManage', 'MerchantManage', fullPath, query)

beforeEach(() => {
  setLocale('en-US', { reload: false })
  setMarketChoice(null)
})

describe('tab labels', () => {
  it('name a filter by its word in the current language, and the page by its number', () => {
    const tabs = [
      merchants('/merchant?category=fruit', { category: 'fruit' }),
      merchants('/merchant?page=3', { page: 3 }),
    ]
    expect([...labelsOf(tabs).values()]).toEqual(['Merchant management · Fruit', 'Merchant management · page 3'])
    setLocale('zh-CN', { reload: false })
    expect([...labelsOf(tabs).values()]).toEqual(['商户管理 · 水果', '商户管理 · 第 3 页'])
  })

  it('name a market by the name this browser chose it under, and never show its id', () => {
    const a = '6f1c2d3e-0000-4000-8000-000000000001'
    const b = '6f1c2d3e-0000-4000-8000-000000000002'
    const tabs = [merchants(`/merchant?market=${a}`, { market: a }), merchants(`/merchant?market=${b}`, { market: b })]
    setMarketChoice({ id: a, name: '唐山市场' })
    expect([...labelsOf(tabs).values()]).toEqual(['Merchant management · 唐山市场', 'Merchant management'])
    setMarketChoice(null)
    expect([...labelsOf(tabs).values()]).toEqual(['Merchant management (1)', 'Merchant management (2)'])
  })

  it('show the address readably in the tooltip', () => {
    expect(readableAddress('/market?q=%E5%94%90%E5%B1%B1')).toBe('/market?q=唐山')
    expect(readableAddress('/market?q=%E5')).toBe('/market?q=%E5')
  })
})
