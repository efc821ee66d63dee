import { describe, expect, it, vi } from 'vitest'
import { takePageOrigin, trackPageOrigins } from './page-origins'

type Resolved = { pathChanged: boolean; fromLocation?: { href: string }; toLocation: { href: string } }

function fakeRouter() {
  let listener: ((event: Resolved) => void) | undefined
  trackPageOrigins({
    subscribe: (_event, next) => {
      listener = next
      return () => {}
    },
  })
  return (from: string | undefined, to: string, pathChanged = true) =>
    listener!({ pathChanged, ...(from ? { fromLocation: { href: from } } : {}), toLocation: { href: to } })
}

describe('page origins', () => {
  it('remember where a page was first opened from, and forget it once taken', () => {
    const go = fakeRouter()
    go('/market?q=%E5%94%90', '/market/register')
    // Coming back to the form's tab from elsewhere does not change where it returns to.
    go('/market/register', '/dashboard/workplace')
    go('/dashboard/workplace', '/market/register')
    // A filter on the same page is no new page.
    go('/device', '/device?kind=scale', false)
    expect(takePageOrigin('/market/register')).toBe('/market?q=%E5%94%90')
    expect(takePageOrigin('/market/register')).toBeUndefined()
    expect(takePageOrigin('/device?kind=scale')).toBeUndefined()
  })

  it('survive a reload of the window (sessionStorage)', () => {
    const go = fakeRouter()
    go('/merchant?page=3', '/merchant/register')
    expect(sessionStorage.getItem('ds-page-origins')).toContain('/merchant?page=3')
  })

  it('a reload reads them back, keeping the readable entries and dropping a damaged one on its own', async () => {
    sessionStorage.setItem(
      'ds-page-origins',
      JSON.stringify([['/market/register', '/market?q=a'], ['/broken', 3], 'junk', ['/device/bind', '/device']]),
    )
    vi.resetModules()
    const reloaded = await import('./page-origins')
    expect(reloaded.takePageOrigin('/market/register')).toBe('/market?q=a')
    expect(reloaded.takePageOrigin('/broken')).toBeUndefined()
    expect(reloaded.takePageOrigin('/device/bind')).toBe('/device')
    expect(JSON.parse(sessionStorage.getItem('ds-page-origins')!)).toEqual([])
  })
})
